import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { AuthCard } from './auth-card';

function renderCard(props: { notice?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthCard {...props} />
      <Toaster />
    </QueryClientProvider>,
  );
}

/** A refusal with the server's `{message, code}` body. */
function refuse(status: number, message: string) {
  return new Response(JSON.stringify({ message, code: 'error' }), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A JSON answer with the given status. */
function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AuthCard', () => {
  it('starts in sign-in mode and switches to create-account mode through a link', async () => {
    const user = userEvent.setup();
    renderCard();
    expect(screen.queryByLabelText('Confirm Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create one' }));
    expect(screen.getByLabelText('Confirm Password')).toBeInTheDocument();
    expect(screen.getByLabelText(/Display Name/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
  });

  it('shows the mismatch message under the confirmation, marks it invalid and sends nothing', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Create one' }));
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const confirm = screen.getByLabelText('Confirm Password');
    expect(confirm).toHaveAccessibleDescription('Passwords do not match');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveFocus();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    // Fixing the field takes the message away.
    await user.type(confirm, 'x');
    expect(confirm).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });

  it('asks for the required fields on an empty sign-in', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Username or email')).toHaveAccessibleDescription('Please fill in all required fields');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("tells a deactivated account so, and any other refusal the spec's text", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(refuse(403, 'This account is deactivated'));
    fetchMock.mockResolvedValueOnce(refuse(401, 'Invalid credentials'));
    renderCard();
    await user.type(screen.getByLabelText('Username or email'), 'maya');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('This account is deactivated')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Failed to login. Please check your credentials.')).toBeInTheDocument();
  });

  it("shows the server's reason for a refused sign-up (400, 409, 429), and the spec's text when it gives none", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(refuse(400, 'Username must be 3 to 30 characters: letters, numbers, underscores or dots'));
    fetchMock.mockResolvedValueOnce(refuse(409, 'Username is already taken'));
    fetchMock.mockResolvedValueOnce(refuse(429, 'Too many attempts. Please wait a moment and try again.'));
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Create one' }));
    await user.type(screen.getByLabelText('Username'), 'ada-l');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret1');

    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Username must be 3 to 30 characters: letters, numbers, underscores or dots')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Username is already taken')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Too many attempts. Please wait a moment and try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create account. Username or email may already exist.');
  });

  it('puts a taken email under the email field', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Email is already in use', code: 'email_taken' }), {
        status: 409,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Create one' }));
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const email = screen.getByLabelText('Email');
    await vi.waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Email is already in use');
  });

  it("shows the server's rate-limit message when sign-in is refused with 429", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(refuse(429, 'Too many attempts. Please wait a moment and try again.'));
    renderCard();
    await user.type(screen.getByLabelText('Username or email'), 'maya@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Too many attempts. Please wait a moment and try again.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to login. Please check your credentials.')).not.toBeInTheDocument();
  });

  it('limits the username to 30 and the display name to 50 characters, and states the username rule', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Create one' }));
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAccessibleDescription('3–30 letters, numbers, underscores or dots');
    await user.type(username, 'u'.repeat(35));
    expect(username).toHaveValue('u'.repeat(30));
    const displayName = screen.getByLabelText(/Display Name/);
    await user.type(displayName, 'd'.repeat(55));
    expect(displayName).toHaveValue('d'.repeat(50));
  });

  it('signs in with one username-or-email field, sending {login, password}, and offers a forgotten password', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(refuse(401, 'Invalid username or password'));
    renderCard();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    await user.type(screen.getByLabelText('Username or email'), ' maya@example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Failed to login. Please check your credentials.');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(String(init.body))).toEqual({ login: 'maya@example.com', password: 'secret-1' });
  });

  it('shows a notice it was given above the sign-in form', () => {
    renderCard({ notice: 'Password changed. Sign in with your new password.' });
    expect(screen.getByText('Password changed. Sign in with your new password.')).toHaveAttribute('role', 'status');
  });
});

describe('AuthCard two-factor step', () => {
  async function passPassword(user: ReturnType<typeof userEvent.setup>) {
    fetchMock.mockResolvedValueOnce(answer(202, { twoFactorRequired: true, challenge: 'ch-1' }));
    renderCard();
    await user.type(screen.getByLabelText('Username or email'), 'maya');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('heading', { name: 'Two-factor authentication' });
  }

  const sentBody = (call: number) => JSON.parse(String((fetchMock.mock.calls[call] as [string, RequestInit])[1].body));

  it('asks for the code after a 202 and sends it with the challenge', async () => {
    const user = userEvent.setup();
    await passPassword(user);
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    fetchMock.mockResolvedValueOnce(refuse(401, "That code didn't work. Check your authenticator app and try again."));
    await user.type(screen.getByLabelText('Authentication code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent("That code didn't work. Check your authenticator app and try again.");
    expect(fetchMock.mock.calls[1][0]).toBe('/api/auth/login/2fa');
    expect(sentBody(1)).toEqual({ challenge: 'ch-1', code: '123456' });
    expect(screen.getByLabelText('Authentication code')).toHaveValue('');
  });

  it('sends a recovery code as typed once the toggle is on', async () => {
    const user = userEvent.setup();
    await passPassword(user);
    const toggle = screen.getByRole('button', { name: 'Use a recovery code' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Authentication code')).toHaveAttribute('placeholder', 'xxxxx-xxxxx');
    fetchMock.mockResolvedValueOnce(refuse(429, 'Too many attempts. Please wait a moment and try again.'));
    await user.type(screen.getByLabelText('Authentication code'), 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a moment and try again.');
    expect(sentBody(1)).toEqual({ challenge: 'ch-1', code: 'abcde-12345' });
  });

  it('goes back to the sign-in form with the message when the challenge has expired', async () => {
    const user = userEvent.setup();
    await passPassword(user);
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'This sign-in has expired. Please sign in again.', code: 'challenge_expired' }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This sign-in has expired. Please sign in again.');
    expect(screen.getByLabelText('Username or email')).toHaveValue('maya');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('asks for a code before sending anything', async () => {
    const user = userEvent.setup();
    await passPassword(user);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

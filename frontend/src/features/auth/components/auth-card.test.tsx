import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { AuthCard } from './auth-card';

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthCard />
      <Toaster />
    </QueryClientProvider>,
  );
}

/** A refusal with the server's `{message, code}` body. */
function refuse(status: number, message: string) {
  return new Response(JSON.stringify({ message, code: 'error' }), { status, headers: { 'Content-Type': 'application/json' } });
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

  it('shows the mismatch message as an error toast and sends nothing', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Create one' }));
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the required fields on an empty sign-in', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("tells a deactivated account so, and any other refusal the spec's text", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(refuse(403, 'This account is deactivated'));
    fetchMock.mockResolvedValueOnce(refuse(401, 'Invalid credentials'));
    renderCard();
    await user.type(screen.getByLabelText('Username', { exact: true }), 'maya');
    await user.type(screen.getByLabelText('Email', { exact: true }), 'maya@example.com');
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
    expect(screen.getByText('Error')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Username is already taken')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Too many attempts. Please wait a moment and try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Failed to create account. Username or email may already exist.')).toBeInTheDocument();
  });

  it("shows the server's rate-limit message when sign-in is refused with 429", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(refuse(429, 'Too many attempts. Please wait a moment and try again.'));
    renderCard();
    await user.type(screen.getByLabelText('Username'), 'maya');
    await user.type(screen.getByLabelText('Email'), 'maya@example.com');
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
});

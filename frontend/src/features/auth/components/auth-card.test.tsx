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
    const refuse = (status: number, message: string) =>
      new Response(JSON.stringify({ message, code: 'error' }), { status, headers: { 'Content-Type': 'application/json' } });
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
});


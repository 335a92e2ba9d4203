import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { apiError, serveApi } from '@/test/shop';
import { ResetPasswordForm } from './reset-password-form';

afterEach(() => vi.unstubAllGlobals());

async function fill(user: ReturnType<typeof userEvent.setup>, password: string, confirm: string) {
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('ResetPasswordForm', () => {
  it('sends the token with the new password and hands over on 204', async () => {
    const user = userEvent.setup();
    const onChanged = vi.fn();
    const { calls } = serveApi({ 'POST /api/auth/password-reset/confirm': () => new Response(null, { status: 204 }) });
    renderWithApp(<ResetPasswordForm token="sel.secret" onChanged={onChanged} />);
    await fill(user, 'new-secret', 'new-secret');
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(calls('POST /api/auth/password-reset/confirm')[0].body).toEqual({ token: 'sel.secret', password: 'new-secret' });
  });

  it("applies sign-up's password rules before sending anything", async () => {
    const user = userEvent.setup();
    const { fetchMock } = serveApi({});
    renderWithApp(<ResetPasswordForm token="t" onChanged={vi.fn()} />);
    await fill(user, 'abcdef', 'abcdeg');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    await user.clear(screen.getByLabelText('New Password'));
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await fill(user, 'abc', 'abc');
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters long');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows an expired link's message with a way to ask for a new one", async () => {
    const user = userEvent.setup();
    const onChanged = vi.fn();
    serveApi({ 'POST /api/auth/password-reset/confirm': () => apiError(400, 'This link has expired', 'link_expired') });
    renderWithApp(<ResetPasswordForm token="old" onChanged={onChanged} />);
    await fill(user, 'new-secret', 'new-secret');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link has expired');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(onChanged).not.toHaveBeenCalled();
  });

  it("shows the server's password rule without offering a new link", async () => {
    const user = userEvent.setup();
    serveApi({ 'POST /api/auth/password-reset/confirm': () => apiError(400, 'Password must be at most 128 characters', 'validation') });
    renderWithApp(<ResetPasswordForm token="t" onChanged={vi.fn()} />);
    await fill(user, 'new-secret', 'new-secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at most 128 characters');
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp } from '@/test/render';
import { apiError, serveApi } from '@/test/shop';
import { ForgotPasswordForm } from './forgot-password-form';

const SENT = "If an account uses that address, we've sent it a link to reset the password.";

afterEach(() => vi.unstubAllGlobals());

describe('ForgotPasswordForm', () => {
  it("sends the trimmed address and shows the server's answer in place of the form", async () => {
    const user = userEvent.setup();
    const { calls } = serveApi({ 'POST /api/auth/password-reset': () => json({ message: SENT }, { status: 202 }) });
    renderWithApp(<ForgotPasswordForm />, { path: '/forgot-password' });
    await user.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(calls('POST /api/auth/password-reset')[0].body).toEqual({ email: 'ada@example.com' });
    expect(screen.queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument();
  });

  it('checks the address before sending it', async () => {
    const user = userEvent.setup();
    const { fetchMock } = serveApi({});
    renderWithApp(<ForgotPasswordForm />);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    await user.type(screen.getByLabelText('Email'), 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's reason for a refusal (too many requests)", async () => {
    const user = userEvent.setup();
    serveApi({ 'POST /api/auth/password-reset': () => apiError(429, 'Too many attempts. Please wait a moment and try again.') });
    renderWithApp(<ForgotPasswordForm />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a moment and try again.');
  });
});

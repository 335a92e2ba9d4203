import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQueryKey } from '@/lib/query-keys';
import { me, renderWithApp } from '@/test/render';
import { serveApi } from '@/test/shop';
import ResetPasswordPage from './reset-password';

afterEach(() => vi.unstubAllGlobals());

describe('ResetPasswordPage', () => {
  it("sends the link's token and, the password changed, signs this browser out and goes to sign-in", async () => {
    const user = userEvent.setup();
    const { calls } = serveApi({ 'POST /api/auth/password-reset/confirm': () => new Response(null, { status: 204 }) });
    const { location, queryClient } = renderWithApp(<ResetPasswordPage />, { path: '/reset-password?token=sel.secret', user: me });
    await user.type(screen.getByLabelText('New Password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/'));
    expect(calls('POST /api/auth/password-reset/confirm')[0].body).toEqual({ token: 'sel.secret', password: 'new-secret' });
    expect(queryClient.getQueryData(userQueryKey)).toBeNull();
  });
});

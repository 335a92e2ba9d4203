import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQueryKey } from '@/lib/query-keys';
import { json, me, renderWithApp } from '@/test/render';
import { apiError, serveApi } from '@/test/shop';
import { VerifyEmailResult } from './verify-email-result';

afterEach(() => vi.unstubAllGlobals());

describe('VerifyEmailResult', () => {
  it('sends the token once, says the email is verified and refreshes the session user', async () => {
    const { calls } = serveApi({
      'POST /api/auth/verify-email': () => json({ email: 'maya@example.com' }),
      'GET /api/auth/user': () => json({ ...me, emailVerified: true }),
    });
    const { queryClient } = renderWithApp(<VerifyEmailResult token="sel.secret" />, {
      user: { ...me, emailVerified: false },
    });
    expect(screen.getByRole('status', { name: 'Verifying your email' })).toBeInTheDocument();
    expect(await screen.findByText('Your email is verified')).toBeInTheDocument();
    expect(calls('POST /api/auth/verify-email')).toHaveLength(1);
    expect(calls('POST /api/auth/verify-email')[0].body).toEqual({ token: 'sel.secret' });
    expect(queryClient.getQueryState(userQueryKey)?.isInvalidated).toBe(true);
  });

  it("shows the server's reason for a refused link", async () => {
    serveApi({ 'POST /api/auth/verify-email': () => apiError(400, 'This link has expired', 'link_expired') });
    renderWithApp(<VerifyEmailResult token="old" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired');
    expect(screen.queryByText('Your email is verified')).not.toBeInTheDocument();
  });
});

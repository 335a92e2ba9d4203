import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, me, renderWithApp } from '@/test/render';
import { apiError, serveApi } from '@/test/shop';
import { VerifyEmailBanner } from './verify-email-banner';

afterEach(() => vi.unstubAllGlobals());

const unverified = { ...me, emailVerified: false, emailVerifyBy: '2026-12-01T00:00:00Z' };

describe('VerifyEmailBanner', () => {
  it('says nothing once the email is verified', () => {
    renderWithApp(<VerifyEmailBanner user={me} />);
    expect(screen.queryByRole('region', { name: 'Verify your email' })).not.toBeInTheDocument();
  });

  it('asks to verify during the grace and resends the link, toasting the answer', async () => {
    const user = userEvent.setup();
    const { calls } = serveApi({
      'POST /api/auth/verify-email/resend': () => json({ message: "We've sent a new link to maya@example.com." }, { status: 202 }),
    });
    renderWithApp(<VerifyEmailBanner user={unverified} />);
    expect(screen.getByRole('region', { name: 'Verify your email' })).toHaveTextContent(
      'Verify your email: we sent a link to maya@example.com.',
    );
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText("We've sent a new link to maya@example.com.")).toBeInTheDocument();
    expect(calls('POST /api/auth/verify-email/resend')).toHaveLength(1);
  });

  it('uses the read-only wording after the grace', () => {
    renderWithApp(<VerifyEmailBanner user={{ ...unverified, readOnly: true }} />);
    expect(screen.getByRole('region', { name: 'Verify your email' })).toHaveTextContent(
      'Your account is read-only until you verify your email. We sent a link to maya@example.com.',
    );
  });

  it("shows the rate limit's message when resending too often", async () => {
    const user = userEvent.setup();
    serveApi({ 'POST /api/auth/verify-email/resend': () => apiError(429, 'Please wait a minute before asking again.') });
    renderWithApp(<VerifyEmailBanner user={unverified} />);
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Please wait a minute before asking again.')).toBeInTheDocument();
  });
});

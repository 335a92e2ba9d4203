import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQueryKey } from '@/lib/query-keys';
import { json, me, renderWithApp } from '@/test/render';
import { apiError, serveApi } from '@/test/shop';
import { groupsOfFour, TwoFactorRow } from './two-factor-row';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);

describe('groupsOfFour', () => {
  it('splits the secret into groups of four for typing', () => {
    expect(groupsOfFour('JBSWY3DPEHPK3PX')).toBe('JBSW Y3DP EHPK 3PX');
  });
});

describe('TwoFactorRow', () => {
  it('sets up: password, then the QR code and setup key, then a code turns it on and shows the recovery codes once', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { calls } = serveApi({
      'POST /api/user/2fa/setup': () => json({ secret: SECRET, otpauthUri: `otpauth://totp/Atelier:maya?secret=${SECRET}&issuer=Atelier` }),
      'POST /api/user/2fa/enable': ({ body }) =>
        (body as { code: string }).code === '123456' ? json({ recoveryCodes: CODES }) : apiError(400, "That code didn't work. Check your authenticator app and try again.", 'invalid_code'),
      'GET /api/auth/user': () => json({ ...me, twoFactorEnabled: true }),
    });
    const { queryClient } = renderWithApp(<TwoFactorRow enabled={false} />, { user: me });

    await user.click(screen.getByRole('button', { name: 'Set up' }));
    const dialog = screen.getByRole('dialog', { name: 'Two-factor authentication' });
    await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Set up' }));

    expect(await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Setup key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(calls('POST /api/user/2fa/setup')[0].body).toEqual({ password: 'secret-1' });

    await user.type(within(dialog).getByLabelText('Authentication code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("That code didn't work.");

    await user.type(within(dialog).getByLabelText('Authentication code'), '123 456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(calls('POST /api/user/2fa/enable').at(-1)?.body).toEqual({ code: '123456' });
    // Still showing the codes: the session user is refreshed only as the dialog closes.
    expect(queryClient.getQueryState(userQueryKey)?.isInvalidated).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    await user.click(within(dialog).getByRole('button', { name: 'I saved them' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(queryClient.getQueryState(userQueryKey)?.isInvalidated).toBe(true);
  });

  it("shows a wrong password's refusal in the setup", async () => {
    const user = userEvent.setup();
    serveApi({ 'POST /api/user/2fa/setup': () => apiError(400, 'Password is incorrect') });
    renderWithApp(<TwoFactorRow enabled={false} />);
    await user.click(screen.getByRole('button', { name: 'Set up' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Set up' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Password is incorrect');
  });

  it('turns off with the password and a code, then refreshes the session user', async () => {
    const user = userEvent.setup();
    const { calls } = serveApi({
      'POST /api/user/2fa/disable': () => new Response(null, { status: 204 }),
      'GET /api/auth/user': () => json(me),
    });
    const { queryClient } = renderWithApp(<TwoFactorRow enabled />, { user: { ...me, twoFactorEnabled: true } });
    expect(screen.queryByRole('button', { name: 'Set up' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = screen.getByRole('dialog', { name: 'Two-factor authentication' });
    await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
    await user.type(within(dialog).getByLabelText('Authentication code'), 'abcde-12345');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('POST /api/user/2fa/disable')[0].body).toEqual({ password: 'secret-1', code: 'abcde-12345' });
    expect(queryClient.getQueryState(userQueryKey)?.isInvalidated).toBe(true);
  });

  it("keeps the turn-off dialog open with the server's reason for a wrong code", async () => {
    const user = userEvent.setup();
    serveApi({ 'POST /api/user/2fa/disable': () => apiError(400, "That code didn't work. Check your authenticator app and try again.", 'invalid_code') });
    renderWithApp(<TwoFactorRow enabled />);
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
    await user.type(within(dialog).getByLabelText('Authentication code'), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("That code didn't work.");
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQueryKey } from '@/lib/query-keys';
import { json, me, renderWithApp } from '@/test/render';
import { apiError, serveApi } from '@/test/shop';
import { EmailRow } from './email-row';

afterEach(() => vi.unstubAllGlobals());

const SENT = "We've sent a link to new@example.com. Your email changes when you open it.";

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Change email' }));
  return screen.getByRole('dialog', { name: 'Change email' });
}

describe('EmailRow', () => {
  it('shows the current address, and the pending one while its link waits', () => {
    const { unmount } = renderWithApp(<EmailRow user={me} />);
    expect(screen.getByText('maya@example.com')).toBeInTheDocument();
    expect(screen.queryByText(/^Pending:/)).not.toBeInTheDocument();
    unmount();
    renderWithApp(<EmailRow user={{ ...me, pendingEmail: 'new@example.com' }} />);
    expect(screen.getByText('Pending: new@example.com')).toBeInTheDocument();
  });

  it("sends the new address with the password, shows the server's message and refreshes the session user", async () => {
    const user = userEvent.setup();
    const { calls } = serveApi({ 'POST /api/user/email': () => json({ message: SENT }, { status: 202 }) });
    const { queryClient } = renderWithApp(<EmailRow user={me} />, { user: me });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('New email'), ' new@example.com');
    await user.type(within(dialog).getByLabelText('Current Password'), 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Change email' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(SENT);
    expect(calls('POST /api/user/email')[0].body).toEqual({ email: 'new@example.com', password: 'secret-1' });
    expect(queryClient.getQueryState(userQueryKey)?.isInvalidated).toBe(true);
  });

  it("shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    serveApi({ 'POST /api/user/email': () => apiError(400, 'Password is incorrect') });
    renderWithApp(<EmailRow user={me} />);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('New email'), 'new@example.com');
    await user.type(within(dialog).getByLabelText('Current Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Change email' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Password is incorrect');
  });

  it('checks the address before sending it', async () => {
    const user = userEvent.setup();
    const { fetchMock } = serveApi({});
    renderWithApp(<EmailRow user={me} />);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('New email'), 'new@example');
    await user.type(within(dialog).getByLabelText('Current Password'), 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Change email' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

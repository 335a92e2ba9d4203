import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, me, renderWithApp } from '@/test/render';
import { aPaymentsConfig, LIVE_PAYMENTS, serveApi } from '@/test/shop';
import { WithdrawalDialog } from './withdrawal-dialog';

const WARNING = "Insufficient funds - You don't have enough available balance for this withdrawal.";

function renderDialog(config = aPaymentsConfig()) {
  const server = serveApi({ 'GET /api/payments/config': () => json(config) });
  const { queryClient } = renderWithApp(<WithdrawalDialog open onOpenChange={() => undefined} availableCents={125000} />, { user: me });
  return { ...server, queryClient, dialog: screen.getByRole('dialog', { name: 'Request Withdrawal' }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the withdrawal dialog', () => {
  it('warns under the amount as soon as it is over the available balance, and will not submit it', async () => {
    const user = userEvent.setup();
    const { dialog, calls } = renderDialog();
    const amount = within(dialog).getByLabelText('Amount (USD)');
    const submit = within(dialog).getByRole('button', { name: 'Submit Request' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Payment Method' }), 'paypal');

    await user.type(amount, '125');
    expect(within(dialog).queryByText(WARNING)).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
    // One more digit: $1,251 of $1,250.00, said before any submit.
    await user.type(amount, '1');
    const warning = within(dialog).getByText(WARNING);
    expect(warning).toHaveAttribute('aria-live', 'polite');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(WARNING);
    expect(submit).toBeDisabled();
    await user.click(submit);
    expect(calls('POST /api/withdrawals')).toHaveLength(0);

    // A cent over is over; the whole balance is not.
    await user.clear(amount);
    await user.type(amount, '1250.01');
    expect(within(dialog).getByText(WARNING)).toBeInTheDocument();
    await user.type(amount, '{Backspace}');
    expect(within(dialog).queryByText(WARNING)).not.toBeInTheDocument();
    expect(amount).not.toHaveAttribute('aria-invalid');
    expect(submit).toBeEnabled();
  });

  it('says no real money moves in test mode', async () => {
    const { dialog } = renderDialog();
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Test mode — no real money moves');
  });

  it('has no test mode banner when the provider is live', async () => {
    const { dialog, queryClient } = renderDialog(LIVE_PAYMENTS);
    await waitFor(() => expect(queryClient.getQueryState(['/api/payments/config'])?.status).toBe('success'));
    expect(within(dialog).queryByText('Test mode — no real money moves')).not.toBeInTheDocument();
  });
});

//! 'Approve withdrawal of $20.30 to @eli?' / 'Reject withdrawal of $20.30 to @eli?' (issues 39
//! and 42): a decision on someone's money is never one click. The dialog shows what is decided:
//! the amount (and what the creator receives), the method and the account the payout goes to,
//! then the action or Cancel. In test mode an approval says 'Test payout — no money sent'.
import { TestPayoutNote } from '@/components/test-mode-banner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { formatCents } from '@/lib/money';
import { useTestMode } from '@/lib/payments-config';
import type { AdminWithdrawal, WithdrawalDecision } from '../types';

export const METHOD_LABEL: Record<string, string> = { bank_transfer: 'Bank Transfer', paypal: 'PayPal' };

/** Where the payout goes, as an admin reads it: the PayPal email, or holder, masked account and routing number. */
export function accountText(w: AdminWithdrawal): string {
  const a = w.accountDetails;
  if (w.paymentMethod === 'paypal') return a.email ?? '—';
  return [a.accountHolder, a.accountNumberLast4 && `account ending ${a.accountNumberLast4}`, a.routingNumber && `routing ${a.routingNumber}`]
    .filter(Boolean)
    .join(' · ');
}

/** The dialog's question: 'Approve withdrawal of $20.30 to @eli?'. */
export function decisionQuestion(w: AdminWithdrawal, decision: WithdrawalDecision['status']): string {
  const verb = decision === 'completed' ? 'Approve' : 'Reject';
  return `${verb} withdrawal of ${formatCents(w.amount)} to @${w.user.username}?`;
}

export function ConfirmWithdrawalDialog({
  withdrawal: w,
  decision,
  onCancel,
  onConfirm,
}: {
  withdrawal: AdminWithdrawal;
  /** The decision asked for; null: the dialog is closed. */
  decision: WithdrawalDecision['status'] | null;
  onCancel: () => void;
  onConfirm: (decision: WithdrawalDecision['status']) => void;
}) {
  const approve = decision === 'completed';
  const testMode = useTestMode();
  return (
    <Dialog open={decision !== null} onOpenChange={(next) => !next && onCancel()}>
      {decision && (
        <DialogContent>
          <DialogTitle>{decisionQuestion(w, decision)}</DialogTitle>
          <DialogDescription>
            {approve
              ? `${w.user.displayName} (@${w.user.username}) will be paid. This cannot be undone.`
              : `The amount goes back to ${w.user.displayName}'s available balance. This cannot be undone.`}
          </DialogDescription>
          <dl aria-label="Payout" className="mt-3 space-y-1 rounded-xl border border-white/10 bg-white/5 px-3 py-2 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-zinc-400">Amount</dt>
              <dd className="font-semibold text-white tabular-nums">
                {formatCents(w.amount)} ({formatCents(w.netAmount)} after fees)
              </dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-zinc-400">Method</dt>
              <dd className="text-zinc-100">{METHOD_LABEL[w.paymentMethod] ?? w.paymentMethod}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-zinc-400">Account</dt>
              <dd className="text-right break-all text-zinc-100">{accountText(w)}</dd>
            </div>
          </dl>
          {approve && testMode && <TestPayoutNote className="mt-3" />}
          <div className="mt-4 flex gap-3">
            <DialogClose asChild>
              <Button variant="secondary" className="flex-1">
                Cancel
              </Button>
            </DialogClose>
            <Button variant={approve ? 'primary' : 'danger'} className="flex-1" onClick={() => onConfirm(decision)}>
              {approve ? 'Approve payout' : 'Reject payout'}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

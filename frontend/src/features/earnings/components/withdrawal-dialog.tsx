//! The withdrawal dialog (docs/shop-contract.md): the amount in USD (step 0.01, min 1,
//! max the available balance) with the fee and net previewed as it is typed, the payment method
//! and its fields, Cancel and 'Submit Request' ('Submitting...' while pending), and every toast
//! of the spec that reports an outcome. An amount over the available balance is said under the
//! field as it is typed, and cannot be submitted (issue 42); every other refusal is said under the
//! field it concerns, or above the buttons for the server's reason (issue 43); in test mode the
//! dialog says no real money moves.
import { useId, useState, type FormEvent } from 'react';
import { TestModeBanner } from '@/components/test-mode-banner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError, FormError, selectClass } from '@/components/ui/form-messages';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { formatCents, parseDollars } from '@/lib/money';
import { randomKey } from '@/lib/random-key';
import { useRequestWithdrawal } from '../api/request-withdrawal';
import type { WithdrawalMethod } from '../types';
import {
  checkWithdrawal,
  EMPTY_FORM,
  INSUFFICIENT_FUNDS,
  INSUFFICIENT_FUNDS_DETAIL,
  METHODS,
  netAmount,
  overBalance,
  withdrawalFee,
  type WithdrawalFormValues,
} from '../withdrawal-form';

/** A refusal shown in the form: under the amount or the method, or (the server's reason) above the buttons. */
interface Refusal {
  field: 'amount' | 'method' | null;
  message: string;
}

const FAILED = 'Failed to submit withdrawal request. Please try again.';

/**
 * The server's refusal in the form: 'Insufficient funds' under the amount, the reason of another
 * 4xx (a missing account detail, say) above the buttons. A failure with no reason is an outcome,
 * told by the spec's toast, and the form stays as filled in for a retry.
 */
function refusalOf(error: unknown): Refusal | null {
  const status = errorStatus(error);
  const message = errorMessage(error);
  if (status === 422 && message === INSUFFICIENT_FUNDS) {
    return { field: 'amount', message: `${INSUFFICIENT_FUNDS} - ${INSUFFICIENT_FUNDS_DETAIL}` };
  }
  if (message && status !== null && status >= 400 && status < 500) return { field: null, message };
  toast({ variant: 'destructive', title: FAILED });
  return null;
}

export function WithdrawalDialog({
  open,
  onOpenChange,
  availableCents,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  availableCents: number;
}) {
  const id = useId();
  const [values, setValues] = useState<WithdrawalFormValues>(EMPTY_FORM);
  // One key per request as filled in: sending it again after a failure (the answer lost) reuses
  // it, so the server answers the first withdrawal; any change of the form is another request.
  const [idempotencyKey, setIdempotencyKey] = useState(randomKey);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const request = useRequestWithdrawal();
  const set = (field: keyof WithdrawalFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setIdempotencyKey(randomKey());
    setRefusal(null);
  };

  const amount = parseDollars(values.amount);
  const preview = amount !== null && amount > 0 ? amount : null;
  // Checked as it is typed, against the balance the page loaded: the server refuses it too.
  const tooMuch = overBalance(values.amount, availableCents);
  const canSubmit = values.amount.trim() !== '' && values.method !== '' && !tooMuch && !request.isPending;

  const close = (next: boolean) => {
    if (request.isPending) return;
    if (!next) {
      setValues(EMPTY_FORM);
      setRefusal(null);
      setIdempotencyKey(randomKey());
    }
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    const check = checkWithdrawal(values, availableCents);
    if (!check.ok) {
      setRefusal({ field: check.field, message: `${check.title} - ${check.description}` });
      document.getElementById(`${id}-${check.field}`)?.focus();
      return;
    }
    setRefusal(null);
    request.mutate({ body: check.request, idempotencyKey }, {
      onSuccess: () => {
        toast({ title: 'Withdrawal requested', description: 'Your withdrawal request has been submitted for review.' });
        setValues(EMPTY_FORM);
        setIdempotencyKey(randomKey());
        onOpenChange(false);
      },
      onError: (error) => setRefusal(refusalOf(error)),
    });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogTitle>Request Withdrawal</DialogTitle>
        <DialogDescription>Available balance: {formatCents(availableCents)}</DialogDescription>
        <TestModeBanner className="mt-3" />
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
          <div>
            <Label htmlFor={`${id}-amount`}>Amount (USD)</Label>
            <Input
              id={`${id}-amount`}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="1"
              max={(availableCents / 100).toFixed(2)}
              placeholder="0.00"
              value={values.amount}
              onChange={(e) => set('amount')(e.target.value)}
              aria-invalid={tooMuch || refusal?.field === 'amount' || undefined}
              aria-describedby={`${id}-amount-warning`}
            />
            {/* Always present, so a screen reader hears the warning when it appears. */}
            <p id={`${id}-amount-warning`} aria-live="polite" className="mt-1 text-sm text-red-300">
              {tooMuch ? `${INSUFFICIENT_FUNDS} - ${INSUFFICIENT_FUNDS_DETAIL}` : refusal?.field === 'amount' ? refusal.message : null}
            </p>
          </div>

          <dl aria-label="Withdrawal summary" className="space-y-1 rounded-xl bg-white/5 p-3 text-sm">
            <div className="flex justify-between text-zinc-400">
              <dt>Processing fee (2.5%)</dt>
              <dd data-testid="withdrawal-fee" className="tabular-nums">
                {preview !== null ? formatCents(withdrawalFee(preview)) : '$0.00'}
              </dd>
            </div>
            <div className="flex justify-between font-semibold text-white">
              <dt>You will receive</dt>
              <dd data-testid="withdrawal-net" className="tabular-nums">
                {preview !== null ? formatCents(netAmount(preview)) : '$0.00'}
              </dd>
            </div>
          </dl>

          <div>
            <Label htmlFor={`${id}-method`}>Payment Method</Label>
            <select
              id={`${id}-method`}
              value={values.method}
              onChange={(e) => set('method')(e.target.value as WithdrawalMethod | '')}
              className={selectClass}
              aria-invalid={refusal?.field === 'method' || undefined}
              aria-describedby={refusal?.field === 'method' ? `${id}-method-error` : undefined}
            >
              <option value="">Select payment method</option>
              {METHODS.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-method-error`} message={refusal?.field === 'method' ? refusal.message : undefined} />
          </div>

          {values.method === 'bank_transfer' && (
            <>
              <div>
                <Label htmlFor={`${id}-holder`}>Account Holder Name</Label>
                <Input id={`${id}-holder`} autoComplete="name" value={values.accountHolder} onChange={(e) => set('accountHolder')(e.target.value)} />
              </div>
              <div>
                <Label htmlFor={`${id}-account`}>Account Number</Label>
                <Input id={`${id}-account`} inputMode="numeric" autoComplete="off" value={values.accountNumber} onChange={(e) => set('accountNumber')(e.target.value)} />
              </div>
              <div>
                <Label htmlFor={`${id}-routing`}>Routing Number</Label>
                <Input id={`${id}-routing`} inputMode="numeric" autoComplete="off" value={values.routingNumber} onChange={(e) => set('routingNumber')(e.target.value)} />
              </div>
            </>
          )}
          {values.method === 'paypal' && (
            <div>
              <Label htmlFor={`${id}-email`}>PayPal Email</Label>
              <Input id={`${id}-email`} type="email" autoComplete="email" value={values.email} onChange={(e) => set('email')(e.target.value)} />
            </div>
          )}

          <FormError message={refusal && !refusal.field ? refusal.message : null} />
          <div className="grid grid-cols-2 gap-2 pt-1">
            <DialogClose asChild>
              <Button variant="secondary" disabled={request.isPending} className="px-2">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={!canSubmit} className="px-2 whitespace-nowrap">
              {request.isPending ? 'Submitting...' : 'Submit Request'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

//! 'Support {name}' (issue 23): the amount ($2, $5, $10 or Other, typed in dollars: $1.00 to
//! $500.00), an optional message of at most 200 characters with its counter, then 'Send $5.00 to
//! {name}?' with the card that pays it, and Back.
//! With the test provider (issue 42: its cards) the card is Atelier's form and Confirm posts the
//! tip with an Idempotency-Key made for that confirmation: a retry after a failure sends the same
//! key, so the server charges once whatever happened to the first answer; a different tip (Back,
//! another amount) gets a new one. While Stripe takes the payments the card is Stripe's Payment
//! Element instead (stripe-tip.tsx): the confirmation's uuid names the PaymentIntent it starts,
//! and a payment that fails starts a new one.
//! The server's refusal shows in the dialog; success thanks the user in a toast and closes. In test
//! mode it says no real money moves (issue 42).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { TestModeBanner } from '@/components/test-mode-banner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input, Label, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { formatCents } from '@/lib/money';
import { usePaymentsConfig } from '@/lib/payments-config';
import type { TipTarget } from '@/lib/tip-actions';
import { cn } from '@/lib/utils';
import { useSendTip } from '../api/send-tip';
import { checkTip, DEFAULT_TIP, MAX_TIP_MESSAGE, messageLength, PRESET_TIPS, sameTip, type TipChoice } from '../tip-form';
import { CardFields } from '@/components/card-fields';
import { cardProblem, cardRequest, EMPTY_CARD, type CardForm } from '@/lib/card';
import type { TipDraft } from '../types';
import { StripeTip } from './stripe-tip';
import { TipFailure, tipFailure } from './tip-failure';

/**
 * Each confirmation's tip and the key it is sent with (kept for a retry of the same tip); in
 * Stripe mode the key names the PaymentIntent the confirmation starts.
 */
interface Attempt {
  request: TipDraft;
  idempotencyKey: string;
}

const chipClass =
  'flex min-h-11 cursor-pointer items-center justify-center rounded-xl border border-white/10 bg-white/5 px-2 text-sm font-semibold text-zinc-100 transition hover:bg-white/10 ' +
  'peer-checked:border-fuchsia-400/80 peer-checked:bg-fuchsia-500/20 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-fuchsia-400';

function Chip({ name, label, checked, onSelect }: { name: string; label: string; checked: boolean; onSelect: () => void }) {
  return (
    <label className="min-w-0">
      <input type="radio" name={name} checked={checked} onChange={onSelect} className="peer sr-only" />
      <span className={chipClass}>{label}</span>
    </label>
  );
}

export function TipDialog({ target, open, onClose }: { target: TipTarget; open: boolean; onClose: () => void }) {
  const id = useId();
  const name = target.recipient.displayName;
  const [choice, setChoice] = useState<TipChoice>(DEFAULT_TIP);
  const [otherDollars, setOtherDollars] = useState('');
  const [message, setMessage] = useState('');
  /** Whether Continue was pressed: the amount's error shows from then on. */
  const [tried, setTried] = useState(false);
  /** The tip being confirmed; null on the form. */
  const [confirming, setConfirming] = useState<Attempt | null>(null);
  const lastAttempt = useRef<Attempt | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [card, setCard] = useState<CardForm>(EMPTY_CARD);
  const send = useSendTip();
  const payments = usePaymentsConfig();
  const stripeMode = payments.data?.provider === 'stripe';
  /** Whether Stripe is confirming the payment (the dialog stays open meanwhile). */
  const [paying, setPaying] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const continueButton = useRef<HTMLButtonElement>(null);
  const stepChanged = useRef(false);

  const check = checkTip({ choice, otherDollars, message }, { toUserId: target.recipient.id, postId: target.postId, reelId: target.reelId });
  const amountError = tried && !check.ok ? check.amountError : null;
  const messageError = !check.ok ? check.messageError : null;
  const length = messageLength(message.trim());

  // The button pressed leaves with its step: focus goes to the next step's main button.
  useEffect(() => {
    if (!stepChanged.current) return;
    (confirming ? confirmButton : continueButton).current?.focus();
  }, [confirming]);

  const onOpenChange = (next: boolean) => {
    if (!next && !send.isPending && !paying) onClose();
  };

  const onPaid = () => {
    toast({ title: `Thanks for supporting ${name}!` });
    onClose();
  };

  const onContinue = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (!check.ok) return;
    const previous = lastAttempt.current;
    const attempt = previous && sameTip(previous.request, check.request) ? previous : { request: check.request, idempotencyKey: crypto.randomUUID() };
    lastAttempt.current = attempt;
    stepChanged.current = true;
    setFailure(null);
    setConfirming(attempt);
  };

  const onConfirm = () => {
    if (!confirming || send.isPending) return;
    const wrong = cardProblem(card);
    setFailure(wrong);
    if (wrong) return;
    send.mutate({ body: { ...confirming.request, card: cardRequest(card) }, idempotencyKey: confirming.idempotencyKey }, {
      onSuccess: onPaid,
      onError: (error) => setFailure(tipFailure(error)),
    });
  };

  const onBack = () => {
    stepChanged.current = true;
    setFailure(null);
    setConfirming(null);
  };

  const onStripePaying = (now: boolean) => {
    setPaying(now);
    if (now) setFailure(null);
  };

  // Stripe refused the payment or the server gave the tip up: its intent is spent, so a new
  // attempt starts another for the same tip.
  const onStripeFailed = (message: string) => {
    if (!confirming) return;
    const fresh = { request: confirming.request, idempotencyKey: crypto.randomUUID() };
    lastAttempt.current = fresh;
    setFailure(message);
    setConfirming(fresh);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Support {name}</DialogTitle>
        <TestModeBanner className="mt-3" />
        {confirming ? (
          <>
            <DialogDescription className="mt-3 text-base font-semibold text-white">
              Send {formatCents(confirming.request.amount)} to {name}?
            </DialogDescription>
            {confirming.request.message && (
              <blockquote className="mt-3 rounded-xl bg-white/5 p-3 text-sm break-words whitespace-pre-line text-zinc-200">
                “{confirming.request.message}”
              </blockquote>
            )}
            {payments.isPending ? (
              // Who takes the card decides which form shows: Stripe's, or the test provider's.
              <>
                <p role="status" className="mt-4 text-sm text-zinc-300">
                  Loading…
                </p>
                <div className="mt-4 grid grid-cols-2 gap-2">
                  <Button variant="secondary" onClick={onBack} className="px-2">
                    Back
                  </Button>
                </div>
              </>
            ) : stripeMode ? (
              <StripeTip
                key={confirming.idempotencyKey}
                publishableKey={payments.data?.publishableKey ?? null}
                attempt={confirming.idempotencyKey}
                draft={confirming.request}
                failure={failure}
                onBack={onBack}
                onPaying={onStripePaying}
                onPaid={onPaid}
                onFailed={onStripeFailed}
              />
            ) : (
              <>
                <div className="mt-4">
                  <CardFields idPrefix={`${id}-card`} card={card} onChange={setCard} />
                </div>
                <TipFailure>{failure}</TipFailure>
                <div className="mt-4 grid grid-cols-2 gap-2">
                  <Button variant="secondary" disabled={send.isPending} onClick={onBack} className="px-2">
                    Back
                  </Button>
                  <Button ref={confirmButton} disabled={send.isPending} onClick={onConfirm} className="px-2 whitespace-nowrap">
                    {send.isPending ? 'Sending...' : 'Confirm'}
                  </Button>
                </div>
              </>
            )}
          </>
        ) : (
          <>
            <DialogDescription>Your tip goes to {name}, less the platform’s fee.</DialogDescription>
            <form onSubmit={onContinue} noValidate className="mt-4 space-y-4">
              <fieldset>
                <legend className="mb-1.5 text-sm font-medium text-zinc-300">Amount</legend>
                <div className="grid grid-cols-4 gap-2">
                  {PRESET_TIPS.map((cents) => (
                    <Chip
                      key={cents}
                      name={`${id}-amount`}
                      label={`$${cents / 100}`}
                      checked={choice === cents}
                      onSelect={() => setChoice(cents)}
                    />
                  ))}
                  <Chip name={`${id}-amount`} label="Other" checked={choice === 'other'} onSelect={() => setChoice('other')} />
                </div>
              </fieldset>
              {choice === 'other' && (
                <div>
                  <Label htmlFor={`${id}-other`}>Amount in dollars</Label>
                  <div className="relative">
                    <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-zinc-400">
                      $
                    </span>
                    <Input
                      id={`${id}-other`}
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder="0.00"
                      value={otherDollars}
                      onChange={(e) => setOtherDollars(e.target.value)}
                      aria-invalid={amountError ? true : undefined}
                      aria-describedby={amountError ? `${id}-other-error` : undefined}
                      className="pl-7"
                    />
                  </div>
                </div>
              )}
              {amountError && (
                <p id={`${id}-other-error`} role="alert" className="text-sm text-red-300">
                  {amountError}
                </p>
              )}
              <div>
                <Label htmlFor={`${id}-message`}>Message (optional)</Label>
                <Textarea
                  id={`${id}-message`}
                  value={message}
                  onChange={(e) => setMessage(e.target.value)}
                  aria-invalid={messageError ? true : undefined}
                  aria-describedby={`${id}-count`}
                  rows={3}
                  className="min-h-20"
                />
                <p
                  id={`${id}-count`}
                  className={cn('mt-1 text-right text-xs tabular-nums', messageError ? 'text-red-300' : 'text-zinc-400')}
                >
                  <span className="sr-only">Characters used: </span>
                  {length}/{MAX_TIP_MESSAGE}
                </p>
                {messageError && <p className="text-sm text-red-300">{messageError}</p>}
              </div>
              <div className="grid grid-cols-2 gap-2 pt-1">
                <DialogClose asChild>
                  <Button variant="secondary" className="px-2">
                    Cancel
                  </Button>
                </DialogClose>
                <Button ref={continueButton} type="submit" disabled={messageError !== null} className="px-2">
                  Continue
                </Button>
              </div>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

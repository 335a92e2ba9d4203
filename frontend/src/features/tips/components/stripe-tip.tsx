//! The tip's confirmation while Stripe takes the payments (docs/payments.md "Stripe"): the
//! confirmation starts the tip's PaymentIntent (the tip waits, `pending`), Stripe's Payment Element
//! takes the card in Stripe's own frame (it never reaches Atelier's server), Pay confirms the
//! intent, then 'Processing payment…' until Stripe's webhook marked the tip paid. A refused
//! payment, or a tip the server gave up, goes back to the dialog, which starts a new attempt:
//! the server never pays a tip whose payment failed, so its intent is not tried again.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Lock } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormProblem } from '@/components/ui/input';
import { errorStatus } from '@/lib/api-client';
import { formatCents } from '@/lib/money';
import { stripeFor } from '@/lib/stripe';
import { usePollTip } from '../api/get-tip';
import { useStartTipPayment } from '../api/start-tip-payment';
import type { TipDraft } from '../types';
import { TipFailure, tipFailure } from './tip-failure';

export const PAYMENT_NOT_COMPLETED = 'Your payment was not completed.';

interface StripeTipProps {
  publishableKey: string | null;
  /** The confirmation's uuid: one PaymentIntent is started for it, however often this mounts. */
  attempt: string;
  draft: TipDraft;
  /** The dialog's failure (a previous attempt's), shown until Pay is pressed again. */
  failure: string | null;
  onBack: () => void;
  /** True while Stripe confirms the payment (the dialog stays open and forgets its failure), then false. */
  onPaying: (paying: boolean) => void;
  onPaid: () => void;
  /** The payment did not happen: the dialog shows `message` and starts a new attempt. */
  onFailed: (message: string) => void;
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-4 grid grid-cols-2 gap-2">{children}</div>;
}

function PayForm({ amount, failure, onBack, onPaying, onConfirmed, onFailed }: {
  amount: number;
  failure: string | null;
  onBack: () => void;
  onPaying: (paying: boolean) => void;
  onConfirmed: () => void;
  onFailed: (message: string) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const payButton = useRef<HTMLButtonElement>(null);
  const ready = stripe !== null && elements !== null;

  // Pay is the step's main button once Stripe.js has loaded (as Confirm is with a card at Atelier).
  useEffect(() => {
    if (ready) payButton.current?.focus();
  }, [ready]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setProblem(null);
    onPaying(true);
    let error: { type: string; message?: string } | undefined;
    try {
      ({ error } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        // A payment method that leaves the page comes back to it; the webhook pays the tip either way.
        confirmParams: { return_url: window.location.href },
      }));
    } catch {
      error = { type: 'api_error' };
    }
    setBusy(false);
    onPaying(false);
    if (!error) onConfirmed();
    // An incomplete form: fix it here. Anything else: Stripe's words, and a new attempt.
    else if (error.type === 'validation_error') setProblem(error.message ?? 'Check your payment details.');
    else onFailed(error.message ?? PAYMENT_NOT_COMPLETED);
  };

  return (
    <form onSubmit={onSubmit} aria-label="Card" className="mt-4">
      <PaymentElement />
      <div className="mt-3">
        <FormProblem>{problem}</FormProblem>
      </div>
      <TipFailure>{failure}</TipFailure>
      <Actions>
        <Button variant="secondary" disabled={busy} onClick={onBack} className="px-2">
          Back
        </Button>
        <Button ref={payButton} type="submit" disabled={!ready || busy} className="px-2 whitespace-nowrap">
          <Lock aria-hidden="true" className="size-4" />
          {busy ? 'Processing...' : `Pay ${formatCents(amount)}`}
        </Button>
      </Actions>
    </form>
  );
}

/** 'Processing payment…' until the server says the tip is paid, or that it was given up (404). */
function Processing({ tipId, onPaid, onFailed }: { tipId: number; onPaid: () => void; onFailed: (message: string) => void }) {
  const read = usePollTip(tipId);
  const paid = read.data?.status === 'paid';
  const gone = errorStatus(read.error) === 404;
  const settle = useEffectEvent(() => {
    if (paid) onPaid();
    else if (gone) onFailed(PAYMENT_NOT_COMPLETED);
  });
  useEffect(() => {
    if (paid || gone) settle();
  }, [paid, gone]);
  return (
    <p role="status" className="mt-4 text-sm text-zinc-300">
      Processing payment…
    </p>
  );
}

/** The confirmation's card step with Stripe; the dialog mounts one per attempt (keyed by it). */
export function StripeTip({ publishableKey, attempt, draft, failure, onBack, onPaying, onPaid, onFailed }: StripeTipProps) {
  const intent = useStartTipPayment(attempt, draft);
  /** The tip Stripe confirmed the payment of, read until it is paid. */
  const [confirmed, setConfirmed] = useState<number | null>(null);

  if (confirmed !== null) return <Processing tipId={confirmed} onPaid={onPaid} onFailed={onFailed} />;

  if (intent.data) {
    const { tip, clientSecret } = intent.data;
    return (
      <Elements stripe={publishableKey ? stripeFor(publishableKey) : null} options={{ clientSecret, appearance: { theme: 'night' } }}>
        <PayForm
          amount={tip.amount}
          failure={failure}
          onBack={onBack}
          onPaying={onPaying}
          onConfirmed={() => setConfirmed(tip.id)}
          onFailed={onFailed}
        />
      </Elements>
    );
  }

  // Starting the intent, or it could not be started (the server's words, and Try again).
  const refused = intent.isError && !intent.isFetching;
  return (
    <>
      {!refused && (
        <p role="status" className="mt-4 text-sm text-zinc-300">
          Loading…
        </p>
      )}
      <TipFailure>{refused ? tipFailure(intent.error) : failure}</TipFailure>
      <Actions>
        <Button variant="secondary" onClick={onBack} className="px-2">
          Back
        </Button>
        <Button disabled={!refused} onClick={() => void intent.refetch()} className="px-2 whitespace-nowrap">
          {refused ? 'Try again' : `Pay ${formatCents(draft.amount)}`}
        </Button>
      </Actions>
    </>
  );
}

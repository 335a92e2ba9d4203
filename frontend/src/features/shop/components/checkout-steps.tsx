//! The checkout's steps after the cart (issue 42, docs/payments.md): shipping (the remembered
//! address, editable), payment (the card; in test mode Stripe's test cards), review (the server's
//! prices now, shipping, fees, total), the extra confirmation step a card may ask for, and the
//! receipt with a link to the order.
import { CheckCircle2, CreditCard, Lock, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Field, FormProblem } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { formatCents } from '@/lib/money';
import { useSaveShippingAddress, useShippingAddress } from '../api/shipping-address';
import { CardFields } from '@/components/card-fields';
import { cardBrand, cardProblem } from '@/lib/card';
import type { CheckoutFlow } from '../hooks/use-checkout';
import type { Checkout, ShippingAddress } from '../types';
import { ProcessingStep, StripePaymentStep } from './stripe-payment';

/** The steps the buyer goes through, for the progress line. */
function StepsLine({ flow }: { flow: CheckoutFlow }) {
  // With Stripe the card is taken after the review, in Stripe's own form.
  const order = flow.stripeKey ? ['Review', 'Payment'] : ['Payment', 'Review'];
  const steps = flow.physical ? ['Shipping', ...order] : order;
  const current = { shipping: 'Shipping', payment: 'Payment', review: 'Review', confirm: 'Review', stripe: 'Payment', processing: 'Payment' }[
    flow.state.step as 'shipping' | 'payment' | 'review' | 'confirm' | 'stripe' | 'processing'
  ];
  return (
    <ol aria-label="Checkout steps" className="mt-1 flex gap-2 text-xs text-zinc-500">
      {steps.map((name, index) => (
        <li key={name} aria-current={name === current ? 'step' : undefined} className={name === current ? 'font-semibold text-fuchsia-300' : ''}>
          {index + 1}. {name}
        </li>
      ))}
    </ol>
  );
}

export function addressLines(address: ShippingAddress): string[] {
  return [address.name, address.line1, address.line2 ?? '', `${address.postalCode} ${address.city}`, address.country].filter(Boolean);
}

function ShippingForm({ saved, flow }: { saved: ShippingAddress | null; flow: CheckoutFlow }) {
  const id = useId();
  const save = useSaveShippingAddress();
  const [form, setForm] = useState({
    name: saved?.name ?? '',
    line1: saved?.line1 ?? '',
    line2: saved?.line2 ?? '',
    city: saved?.city ?? '',
    postalCode: saved?.postalCode ?? '',
    country: saved?.country ?? '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save.mutate(
      { ...form, line2: form.line2.trim() ? form.line2 : null },
      { onSuccess: flow.toPayment, onError: (error) => setProblem(errorMessage(error) ?? 'Could not save the address. Please try again.') },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Shipping address" className="mt-4 space-y-3">
      <Field id={`${id}-name`} label="Full name" autoComplete="shipping name" required {...field('name')} />
      <Field id={`${id}-line1`} label="Address line 1" autoComplete="shipping address-line1" required {...field('line1')} />
      <Field id={`${id}-line2`} label="Address line 2 (optional)" autoComplete="shipping address-line2" {...field('line2')} />
      <div className="grid grid-cols-2 gap-3">
        <Field id={`${id}-city`} label="City" autoComplete="shipping address-level2" required {...field('city')} />
        <Field id={`${id}-postal`} label="Postal code" autoComplete="shipping postal-code" required {...field('postalCode')} />
      </div>
      <Field
        id={`${id}-country`}
        label="Country code"
        autoComplete="shipping country"
        placeholder="US"
        maxLength={2}
        autoCapitalize="characters"
        required
        {...field('country')}
      />
      <FormProblem>{problem}</FormProblem>
      <div className="flex gap-3 pt-1">
        <Button type="button" variant="secondary" className="flex-1" onClick={flow.back}>
          Back
        </Button>
        <Button type="submit" className="flex-1" disabled={save.isPending}>
          Continue to payment
        </Button>
      </div>
    </form>
  );
}

export function ShippingStep({ flow }: { flow: CheckoutFlow }) {
  const saved = useShippingAddress();
  return (
    <section aria-label="Shipping">
      <StepsLine flow={flow} />
      <p className="mt-3 text-sm text-zinc-300">Where should we ship your items?</p>
      {saved.isPending ? (
        <p role="status" className="mt-4 text-sm text-zinc-400">
          Loading your address...
        </p>
      ) : (
        <ShippingForm saved={saved.data ?? null} flow={flow} />
      )}
    </section>
  );
}

export function PaymentStep({ flow }: { flow: CheckoutFlow }) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? flow.problem;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = cardProblem(flow.card);
    setProblem(wrong);
    if (!wrong) flow.review();
  };
  return (
    <section aria-label="Payment">
      <StepsLine flow={flow} />
      <form onSubmit={onSubmit} noValidate aria-label="Card" className="mt-4 space-y-3">
        <CardFields
          idPrefix={id}
          card={flow.card}
          onChange={(card) => {
            setProblem(null);
            flow.setCard(card);
          }}
        />
        <FormProblem>{shown}</FormProblem>
        <div className="flex gap-3 pt-1">
          <Button type="button" variant="secondary" className="flex-1" onClick={flow.back}>
            Back
          </Button>
          <Button type="submit" className="flex-1">
            <CreditCard aria-hidden="true" className="size-4" />
            Review order
          </Button>
        </div>
      </form>
    </section>
  );
}

function Totals({ checkout }: { checkout: Checkout }) {
  const row = (label: string, value: string, strong = false) => (
    <div className={`flex justify-between ${strong ? 'border-t border-white/10 pt-2 text-base font-semibold text-white' : 'text-zinc-300'}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
  return (
    <dl aria-label="Order total" className="mt-3 space-y-1 text-sm">
      {row('Subtotal', formatCents(checkout.subtotal))}
      {row('Shipping', checkout.shipping === 0 ? 'Free' : formatCents(checkout.shipping))}
      {row('Fees', formatCents(checkout.fees))}
      {row('Total', formatCents(checkout.total), true)}
    </dl>
  );
}

function Summary({ checkout }: { checkout: Checkout }) {
  return (
    <>
      <ul aria-label="Items" className="mt-3 divide-y divide-white/10">
        {checkout.lines.map((line) => (
          <li key={line.productId} className="flex items-center gap-3 py-2">
            {line.imageUrl && <img src={line.imageUrl} alt="" className="size-10 shrink-0 rounded-md bg-zinc-800 object-cover" />}
            <span className="min-w-0 flex-1 truncate text-sm text-white">
              {line.productName} × {line.quantity}
              {line.kind === 'digital' && <span className="text-zinc-400"> · Digital download</span>}
            </span>
            <span className="text-sm text-white tabular-nums">{formatCents(line.total)}</span>
          </li>
        ))}
      </ul>
      {checkout.shippingAddress && (
        <div className="mt-3 rounded-xl bg-white/5 p-3 text-sm text-zinc-300">
          <p className="font-medium text-white">Ships to</p>
          <address className="not-italic">
            {addressLines(checkout.shippingAddress).map((text) => (
              <span key={text} className="block">
                {text}
              </span>
            ))}
          </address>
        </div>
      )}
      <Totals checkout={checkout} />
    </>
  );
}

export function ReviewStep({ flow, checkout }: { flow: CheckoutFlow; checkout: Checkout | null }) {
  const last4 = flow.card.number.replace(/\D/g, '').slice(-4);
  return (
    <section aria-label="Review">
      <StepsLine flow={flow} />
      {checkout === null ? (
        <p role="status" className="mt-4 text-sm text-zinc-300">
          Checking prices and holding your items...
        </p>
      ) : (
        <>
          <Summary checkout={checkout} />
          <p className="mt-3 text-sm text-zinc-300">
            {flow.stripeKey
              ? "You enter your card in Stripe's secure form next. Your items are held for 15 minutes."
              : `Paying with the card ending in ${last4}. Your items are held for 15 minutes.`}
          </p>
          <FormProblem>{flow.problem}</FormProblem>
          <div className="mt-4 flex gap-3">
            <Button type="button" variant="secondary" className="flex-1" disabled={flow.busy} onClick={flow.back}>
              Back
            </Button>
            <Button type="button" className="flex-1" disabled={flow.busy} onClick={() => flow.pay(checkout)}>
              <Lock aria-hidden="true" className="size-4" />
              {flow.busy ? 'Processing...' : flow.stripeKey ? 'Continue to payment' : `Pay ${formatCents(checkout.total)}`}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** The extra confirmation step (3-D Secure) a card asked for, as Stripe's test page offers it. */
export function ConfirmStep({ flow, checkout }: { flow: CheckoutFlow; checkout: Checkout }) {
  return (
    <section aria-label="Confirm payment" className="mt-4 space-y-3">
      <div className="flex items-start gap-3 rounded-xl bg-white/5 p-3 text-sm text-zinc-200">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-fuchsia-300" />
        <p>
          Your bank asks you to confirm this payment of {formatCents(checkout.total)} to Atelier
          {checkout.card ? ` with the card ending in ${checkout.card.last4}` : ''}.
          {checkout.testMode && ' In test mode you choose the outcome.'}
        </p>
      </div>
      <div className="flex gap-3">
        <Button type="button" variant="secondary" className="flex-1" disabled={flow.busy} onClick={() => flow.confirm(checkout, false)}>
          Fail confirmation
        </Button>
        <Button type="button" className="flex-1" disabled={flow.busy} onClick={() => flow.confirm(checkout, true)}>
          Complete confirmation
        </Button>
      </div>
    </section>
  );
}

export function ReceiptStep({ checkout, onDone }: { checkout: Checkout; onDone: () => void }) {
  return (
    <section aria-label="Receipt" className="mt-4">
      <div className="flex flex-col items-center gap-2 text-center">
        <CheckCircle2 aria-hidden="true" className="size-10 text-emerald-400" />
        <p className="text-lg font-semibold text-white">Payment successful!</p>
        <p className="text-sm text-zinc-300">
          Order #{checkout.id}
          {checkout.card ? ` · ${cardBrand(checkout.card.brand)} •••• ${checkout.card.last4}` : ''}
        </p>
      </div>
      <Summary checkout={checkout} />
      <div className="mt-4 flex gap-3">
        <Link
          href={`/orders/${checkout.id}`}
          onClick={onDone}
          className="inline-flex min-h-11 flex-1 items-center justify-center rounded-xl border border-white/10 bg-white/5 px-4 text-sm font-semibold text-zinc-100 hover:bg-white/10"
        >
          View receipt
        </Link>
        <Button type="button" className="flex-1" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}

/** Each step's title: the dialog's, and the heading of the checkout page's step. */
export const STEP_TITLES = {
  cart: 'Shopping Cart',
  shipping: 'Shipping',
  payment: 'Payment',
  review: 'Review your order',
  confirm: 'Confirm your payment',
  stripe: 'Payment',
  processing: 'Payment',
  receipt: 'Order placed',
} as const;

/**
 * The step `flow` is at past the cart, drawn the same in the cart's dialog and on the checkout
 * page (each draws its own cart step, so nothing here for it). `onDone` closes the receipt.
 */
export function CurrentStep({ flow, onDone }: { flow: CheckoutFlow; onDone: () => void }) {
  const { state } = flow;
  switch (state.step) {
    case 'cart':
      return null;
    case 'shipping':
      return <ShippingStep flow={flow} />;
    case 'payment':
      return <PaymentStep flow={flow} />;
    case 'review':
      return <ReviewStep flow={flow} checkout={state.checkout} />;
    case 'confirm':
      return <ConfirmStep flow={flow} checkout={state.checkout} />;
    case 'stripe':
      return <StripePaymentStep flow={flow} checkout={state.checkout} clientSecret={state.clientSecret} />;
    case 'processing':
      return <ProcessingStep flow={flow} checkout={state.checkout} />;
    case 'receipt':
      return <ReceiptStep checkout={state.checkout} onDone={onDone} />;
  }
}

//! The checkout as a page (/checkout, issue 42): where a desktop's cart sends the buyer. The same
//! steps as the cart dialog (checkout-steps.tsx: shipping for physical items → payment → review →
//! confirm → receipt) on the left, the order summary (the cart's lines and total) beside them.
//! The cart is the user's stored one, so a reload keeps it and starts again at the first step.
//! The first step's Back, like '← Shop', returns to the shop: the cart is the shop's dialog. A
//! review that finds a changed price or too little stock shows the cart step here, with why.
import { ShoppingCart } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { TestModeBanner } from '@/components/test-mode-banner';
import { EmptyState } from '@/components/ui/empty-state';
import { useCurrentUser } from '@/lib/auth';
import { formatCents } from '@/lib/money';
import { usePaymentsConfig } from '@/lib/payments-config';
import { cartOf, cartTotal, useCart, type CartLine } from '../cart';
import { useCheckout, type CheckoutFlow } from '../hooks/use-checkout';
import { CartStep, PriceChanges, useCurrentPrices, usePriceChanges } from './cart-step';
import { CurrentStep, STEP_TITLES } from './checkout-steps';

/** Where the checkout page's back and cancel lead. */
export const SHOP_PATH = '/shop';

const linkClass = 'inline-flex min-h-11 items-center text-sm font-semibold text-fuchsia-300 hover:underline';

function OrderSummary({ lines, changed }: { lines: readonly CartLine[]; changed: readonly CartLine[] }) {
  return (
    <aside aria-labelledby="order-summary-title" className="mt-6 rounded-2xl border border-white/10 bg-zinc-900/70 p-4 lg:mt-0">
      <h2 id="order-summary-title" className="text-base font-semibold text-white">
        Order summary
      </h2>
      <PriceChanges changed={changed} />
      <ul aria-label="Order items" className="mt-2 divide-y divide-white/10">
        {lines.map((line) => (
          <li key={line.id} aria-label={line.name} className="flex items-center gap-3 py-2">
            <img src={line.imageUrl} alt="" className="size-12 shrink-0 rounded-lg bg-zinc-800 object-cover" />
            <span className="min-w-0 flex-1 text-sm text-white">
              <span className="block truncate">{line.name}</span>
              <span className="text-xs text-zinc-400">
                {line.quantity} × {formatCents(line.price)}
                {line.digital && ' · Digital download'}
              </span>
            </span>
            <span className="text-sm text-white tabular-nums">{formatCents(line.price * line.quantity)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex items-center justify-between border-t border-white/10 pt-3 text-base font-semibold text-white">
        <span>Total</span>
        <span data-testid="summary-total" className="tabular-nums">
          {formatCents(cartTotal(lines))}
        </span>
      </div>
    </aside>
  );
}

export function CheckoutScreen({ onOrdered }: { onOrdered?: () => void }) {
  // The first step depends on who takes the card (the test provider's form, or Stripe's after
  // the review): the flow starts once the payments config is known.
  const config = usePaymentsConfig();
  if (config.isPending) {
    return (
      <main className="px-4 pt-6 pb-8">
        <PageTitle />
        <p role="status" className="mt-4 text-sm text-zinc-300">
          Loading…
        </p>
      </main>
    );
  }
  return <CheckoutFlowScreen onOrdered={onOrdered} />;
}

function PageTitle() {
  return (
    <>
      <Link href={SHOP_PATH} className={linkClass}>
        ← Shop
      </Link>
      <h1 className="text-2xl font-bold text-white">Checkout</h1>
    </>
  );
}

function CheckoutFlowScreen({ onOrdered }: { onOrdered?: () => void }) {
  const me = useCurrentUser();
  const cart = cartOf(me.id);
  const lines = useCart(cart);
  const [, navigate] = useLocation();
  const flow = useCheckout(cart, lines, { onOrdered, begun: true });
  const changed = usePriceChanges(true, lines);
  useCurrentPrices(cart, true);
  const { step } = flow.state;

  // Each new step's heading takes the focus, as a dialog's title does when it opens.
  const heading = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(step);
  useEffect(() => {
    if (step !== firstStep.current) heading.current?.focus();
    firstStep.current = step;
  }, [step]);

  // There is no cart step before the first one here: its Back returns to the shop's cart.
  const pageFlow: CheckoutFlow = { ...flow, back: () => (step === flow.first ? navigate(SHOP_PATH) : flow.back()) };
  // After the receipt the page is spent: the shop takes its place in the history.
  const done = () => navigate(SHOP_PATH, { replace: true });

  const empty = lines.length === 0 && step !== 'receipt';
  return (
    <main className="px-4 pt-6 pb-8">
      <PageTitle />
      {step !== 'receipt' && <TestModeBanner className="mt-3" />}
      {empty ? (
        <EmptyState icon={<ShoppingCart aria-hidden="true" className="size-6" />} title="Your cart is empty" description="Add something from the shop first.">
          <Link href={SHOP_PATH} className={linkClass}>
            Go to the shop
          </Link>
        </EmptyState>
      ) : (
        <div className="mt-4 lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-8">
          <section aria-labelledby="checkout-step-title" className="rounded-2xl border border-white/10 bg-zinc-900/40 p-4">
            <h2 id="checkout-step-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-white focus:outline-none">
              {STEP_TITLES[step]}
            </h2>
            {step === 'cart' ? (
              <CartStep cart={cart} lines={lines} flow={pageFlow} changed={changed} onCheckout={flow.start} />
            ) : (
              <CurrentStep flow={pageFlow} onDone={done} />
            )}
          </section>
          {step !== 'receipt' && <OrderSummary lines={lines} changed={changed} />}
        </div>
      )}
    </main>
  );
}

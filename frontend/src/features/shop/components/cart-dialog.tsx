//! The cart modal (docs/shop-contract.md) and the checkout it starts (issue 42,
//! docs/payments.md): each line with − / + (0 removes it; a digital work stays at 1) and Remove,
//! the total, and Checkout, which goes through shipping (physical items), payment, review and a
//! receipt in the same dialog (with Stripe: shipping, review, Stripe's payment form, processing); 'Your cart is empty' when there is nothing. Opening it asks the
//! server for its lines' current prices (issue 39) and says which changed since the buyer saw them
//! ('The price of Signed print changed to $45.00'), as it does when the review finds a changed
//! price: the server charges the prices the buyer reviewed or nothing.
import { Minus, Plus, ShoppingCart, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { TestModeBanner } from '@/components/test-mode-banner';
import { Button } from '@/components/ui/button';
import { FormProblem } from '@/components/ui/input';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { IconButton } from '@/components/ui/icon-button';
import { formatCents } from '@/lib/money';
import { getCurrentPrices } from '../api/get-current-prices';
import { cartTotal, lineLimit, type Cart, type CartLine } from '../cart';
import type { CheckoutFlow } from '../hooks/use-checkout';
import { ConfirmStep, PaymentStep, ReceiptStep, ReviewStep, ShippingStep } from './checkout-steps';
import { ProcessingStep, StripePaymentStep } from './stripe-payment';

function LineRow({ cart, line, disabled }: { cart: Cart; line: CartLine; disabled: boolean }) {
  return (
    <li aria-label={line.name} className="flex items-center gap-3 py-3">
      <img src={line.imageUrl} alt="" className="size-14 shrink-0 rounded-lg bg-zinc-800 object-cover" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-white">{line.name}</p>
        <p className="text-xs text-zinc-400">
          {formatCents(line.price)}
          {line.digital && ' · Digital download'}
        </p>
        <div className="mt-1 flex items-center gap-1">
          <IconButton
            label={`Decrease quantity of ${line.name}`}
            icon={Minus}
            iconClassName="size-4"
            disabled={disabled}
            onClick={() => cart.setQuantity(line.id, line.quantity - 1)}
            className="size-9 bg-white/5 hover:bg-white/10 disabled:opacity-50"
          />
          <span aria-label={`Quantity of ${line.name}`} className="w-8 text-center text-sm font-semibold text-white tabular-nums">
            {line.quantity}
          </span>
          <IconButton
            label={`Increase quantity of ${line.name}`}
            icon={Plus}
            iconClassName="size-4"
            disabled={disabled || line.quantity >= lineLimit(line)}
            onClick={() => cart.setQuantity(line.id, line.quantity + 1)}
            className="size-9 bg-white/5 hover:bg-white/10 disabled:opacity-50"
          />
        </div>
      </div>
      <div className="flex flex-col items-end gap-1">
        <span className="text-sm font-semibold text-white tabular-nums">{formatCents(line.price * line.quantity)}</span>
        <IconButton
          label={`Remove ${line.name}`}
          icon={Trash2}
          iconClassName="size-4"
          disabled={disabled}
          onClick={() => cart.remove(line.id)}
          className="text-zinc-400 hover:bg-white/5 hover:text-red-300 disabled:opacity-50"
        />
      </div>
    </li>
  );
}

/** What the cart says of a line whose price changed since the buyer saw it. */
export function priceChangeText(line: { name: string; price: number }): string {
  return `The price of ${line.name} changed to ${formatCents(line.price)}`;
}

/**
 * The lines whose price is not the one they had when the cart opened: `open` records the prices
 * shown then (state adjusted while rendering, so no effect sets it), and every later reprice
 * (the refresh on opening, a refused checkout) shows against them.
 */
function usePriceChanges(open: boolean, lines: readonly CartLine[]): CartLine[] {
  const [shown, setShown] = useState<ReadonlyMap<number, number> | null>(null);
  if (open && shown === null) setShown(new Map(lines.map((line) => [line.id, line.price])));
  if (!open && shown !== null) setShown(null);
  if (!shown) return [];
  return lines.filter((line) => shown.has(line.id) && shown.get(line.id) !== line.price);
}

const TITLES = {
  cart: 'Shopping Cart',
  shipping: 'Shipping',
  payment: 'Payment',
  review: 'Review your order',
  confirm: 'Confirm your payment',
  stripe: 'Payment',
  processing: 'Payment',
  receipt: 'Order placed',
} as const;

export function CartDialog({
  cart,
  open,
  onOpenChange,
  lines,
  flow,
}: {
  cart: Cart;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lines: CartLine[];
  flow: CheckoutFlow;
}) {
  const total = cartTotal(lines);
  const changed = usePriceChanges(open, lines);
  const { state } = flow;
  // Opening the cart takes the server's current prices; a failure leaves the lines as they are
  // (the review is refused then if a price did change, and says so).
  useEffect(() => {
    if (!open) return;
    const ids = cart.lines().map((line) => line.id);
    if (ids.length === 0) return;
    getCurrentPrices(ids).then(
      (products) => cart.reprice(products),
      () => undefined,
    );
  }, [open, cart]);
  const close = (next: boolean) => {
    if (flow.busy) return;
    onOpenChange(next);
    if (!next) flow.reset();
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogTitle>{TITLES[state.step]}</DialogTitle>
        <DialogDescription className="sr-only">
          {state.step === 'cart' ? 'The products you are about to buy.' : 'Checkout, one step at a time.'}
        </DialogDescription>
        {state.step !== 'receipt' && <TestModeBanner className="mt-3" />}
        {state.step === 'shipping' && <ShippingStep flow={flow} />}
        {state.step === 'payment' && <PaymentStep flow={flow} />}
        {state.step === 'review' && <ReviewStep flow={flow} checkout={state.checkout} />}
        {state.step === 'confirm' && <ConfirmStep flow={flow} checkout={state.checkout} />}
        {state.step === 'stripe' && <StripePaymentStep flow={flow} checkout={state.checkout} clientSecret={state.clientSecret} />}
        {state.step === 'processing' && <ProcessingStep flow={flow} checkout={state.checkout} />}
        {state.step === 'receipt' && <ReceiptStep checkout={state.checkout} onDone={() => close(false)} />}
        {state.step === 'cart' &&
          (lines.length === 0 ? (
            <EmptyState icon={<ShoppingCart aria-hidden="true" className="size-6" />} title="Your cart is empty" className="py-8" />
          ) : (
            <>
              {changed.length > 0 && (
                <ul
                  role="status"
                  aria-label="Price changes"
                  className="mt-2 space-y-1 rounded-xl border border-amber-400/30 bg-amber-400/10 p-3 text-sm text-amber-100"
                >
                  {changed.map((line) => (
                    <li key={line.id}>{priceChangeText(line)}</li>
                  ))}
                </ul>
              )}
              <ul aria-label="Cart items" className="mt-2 divide-y divide-white/10">
                {lines.map((line) => (
                  <LineRow key={line.id} cart={cart} line={line} disabled={flow.busy} />
                ))}
              </ul>
              <div className="mt-2 flex items-center justify-between border-t border-white/10 pt-3 text-base font-semibold text-white">
                <span>Total</span>
                <span data-testid="cart-total" className="tabular-nums">
                  {formatCents(total)}
                </span>
              </div>
              <FormProblem>{flow.problem}</FormProblem>
              <Button className="mt-4 w-full" disabled={flow.busy} onClick={flow.start}>
                {`Checkout ${formatCents(total)}`}
              </Button>
            </>
          ))}
      </DialogContent>
    </Dialog>
  );
}

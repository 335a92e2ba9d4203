//! The cart modal (docs/shop-contract.md) and the checkout it starts (issue 42,
//! docs/payments.md): the cart step (cart-step.tsx), then Checkout. On a phone (below 1024 px) the
//! checkout goes through shipping (physical items), payment, review and a receipt in the same
//! dialog (with Stripe: shipping, review, Stripe's payment form, processing); on a desktop
//! Checkout closes the dialog and opens the checkout page (/checkout), which shows the same steps
//! beside the order summary. Opening it asks the server for its lines'
//! current prices (issue 39) and says which changed since the buyer saw them ('The price of
//! Signed print changed to $45.00'), as it does when the review finds a changed price: the server
//! charges the prices the buyer reviewed or nothing.
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { TestModeBanner } from '@/components/test-mode-banner';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useIsDesktop } from '@/hooks/use-media-query';
import type { Cart, CartLine } from '../cart';
import { dismissCartToast } from '../hooks/use-add-to-cart';
import type { CheckoutFlow } from '../hooks/use-checkout';
import { CartStep, useCurrentPrices, usePriceChanges } from './cart-step';
import { CurrentStep, STEP_TITLES } from './checkout-steps';

/** The checkout page a desktop goes to from the cart (app/router.tsx). */
export const CHECKOUT_PATH = '/checkout';

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
  const changed = usePriceChanges(open, lines);
  const desktop = useIsDesktop();
  const [, navigate] = useLocation();
  const { state } = flow;
  useCurrentPrices(cart, open);
  useEffect(() => {
    if (open) dismissCartToast();
  }, [open]);
  const close = (next: boolean) => {
    if (flow.busy) return;
    onOpenChange(next);
    if (!next) flow.reset();
  };
  const toCheckoutPage = () => {
    close(false);
    navigate(CHECKOUT_PATH);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogTitle>{STEP_TITLES[state.step]}</DialogTitle>
        <DialogDescription className="sr-only">
          {state.step === 'cart' ? 'The products you are about to buy.' : 'Checkout, one step at a time.'}
        </DialogDescription>
        {state.step !== 'receipt' && <TestModeBanner className="mt-3" />}
        <CurrentStep flow={flow} onDone={() => close(false)} />
        {state.step === 'cart' && (
          <CartStep cart={cart} lines={lines} flow={flow} changed={changed} onCheckout={desktop ? toCheckoutPage : flow.start} />
        )}
      </DialogContent>
    </Dialog>
  );
}

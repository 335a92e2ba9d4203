//! The signed-in user's cart as a screen wires it: the lines and their count for the cart
//! button, the cart modal's open state, and checkout, which closes the modal when it succeeds.
//! The shop and a creator's shop on a profile both use it.
import { useState, type ComponentProps } from 'react';
import { cartCount, cartOf, useCart } from '../cart';
import type { CartDialog } from '../components/cart-dialog';
import { useCheckout } from './use-checkout';

export function useCartCheckout(userId: number, onOrdered?: () => void) {
  const cart = cartOf(userId);
  const lines = useCart(cart);
  const [open, setOpen] = useState(false);
  const checkout = useCheckout(cart, { onOrdered, onSuccess: () => setOpen(false) });
  /** The props of <CartDialog>. */
  const dialog: ComponentProps<typeof CartDialog> = {
    cart,
    open,
    onOpenChange: setOpen,
    lines,
    onCheckout: () => checkout.mutate(),
    processing: checkout.isPending,
    progress: checkout.progress,
  };
  return { cart, lines, count: cartCount(lines), openCart: () => setOpen(true), dialog };
}

//! The signed-in user's cart as a screen wires it: the lines and their count for the cart
//! button, the cart modal's open state, and the checkout it steps through (issue 42). The shop and
//! a creator's shop on a profile both use it.
import { useState, type ComponentProps } from 'react';
import { cartCount, cartOf, useCart } from '../cart';
import type { CartDialog } from '../components/cart-dialog';
import { useCheckout } from './use-checkout';

export function useCartCheckout(userId: number, onOrdered?: () => void) {
  const cart = cartOf(userId);
  const lines = useCart(cart);
  const [open, setOpen] = useState(false);
  const flow = useCheckout(cart, lines, { onOrdered });
  /** The props of <CartDialog>. */
  const dialog: ComponentProps<typeof CartDialog> = { cart, open, onOpenChange: setOpen, lines, flow };
  return { cart, lines, count: cartCount(lines), openCart: () => setOpen(true), dialog };
}

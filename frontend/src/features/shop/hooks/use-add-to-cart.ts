//! Adding to the cart, with what the shop says about it: 'Added to cart', the limit of 99, or
//! that a digital work is bought one at a time (its line is already there). The word goes once
//! the cart opens (issue 43): it has been read, and on a phone it would sit over the checkout's
//! Continue.
import { toast } from '@/components/ui/use-toast';
import { MAX_QUANTITY, type Addable, type Cart } from '../cart';

let shown: { dismiss: () => void } | null = null;

export function addToCart(cart: Cart, product: Addable): void {
  if (cart.add(product)) {
    shown = toast({ title: 'Added to cart', description: `${product.name} has been added to your cart.` });
  } else if (product.kind === 'digital') {
    shown = toast({ title: 'Already in your cart', description: 'A digital work is bought one at a time.' });
  } else {
    shown = toast({ title: 'Cart limit reached', description: `You can have at most ${MAX_QUANTITY} of one product in your cart.` });
  }
}

/** Takes the cart's last word off the screen (the cart is open: it shows the same). */
export function dismissCartToast(): void {
  shown?.dismiss();
  shown = null;
}

//! Adding to the cart, with what the shop says about it: 'Added to cart', the limit of 99, or
//! that a digital work is bought one at a time (its line is already there).
import { toast } from '@/components/ui/use-toast';
import { MAX_QUANTITY, type Addable, type Cart } from '../cart';

export function addToCart(cart: Cart, product: Addable): void {
  if (cart.add(product)) {
    toast({ title: 'Added to cart', description: `${product.name} has been added to your cart.` });
  } else if (product.kind === 'digital') {
    toast({ title: 'Already in your cart', description: 'A digital work is bought one at a time.' });
  } else {
    toast({ title: 'Cart limit reached', description: `You can have at most ${MAX_QUANTITY} of one product in your cart.` });
  }
}

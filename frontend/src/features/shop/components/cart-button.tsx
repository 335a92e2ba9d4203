import { ShoppingCart } from 'lucide-react';
import { countText } from '@/lib/count-text';

/** The cart's button with its item count ('Cart, 3 items'), opening the cart. */
export function CartButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      className="relative grid size-12 shrink-0 place-items-center rounded-full border border-white/10 bg-white/5 text-zinc-100 transition hover:bg-white/10"
    >
      <ShoppingCart aria-hidden="true" className="size-6" />
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="cart-badge"
          className="absolute -top-1 -right-1 grid h-5 min-w-5 place-items-center rounded-full bg-fuchsia-600 px-1 text-[0.6875rem] font-bold text-[#fff]"
        >
          {countText(count)}
        </span>
      )}
    </button>
  );
}

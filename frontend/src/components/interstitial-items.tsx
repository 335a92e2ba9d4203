//! A list's items with an interstitial (an ad) after every N-th: the one markup the trending
//! grid and the shop share; the rule itself is lib/interstitial.ts.
import { Fragment, type ReactNode } from 'react';
import { interstitialSlot } from '@/lib/interstitial';

interface InterstitialItemsProps<T> {
  items: T[];
  /** An interstitial may follow every this many items. */
  every: number;
  /** What follows the items of slot `slot` (0 after the `every`-th…); null leaves no gap. */
  interstitial?: (slot: number) => ReactNode;
  /** An item's content, inside its <li>. */
  renderItem: (item: T) => ReactNode;
  itemClassName?: string;
  slotClassName?: string;
}

/** Each item in an <li> of its own, and each interstitial in another (with `data-slot`). */
export function InterstitialItems<T extends { id: number }>({
  items,
  every,
  interstitial,
  renderItem,
  itemClassName,
  slotClassName,
}: InterstitialItemsProps<T>) {
  return items.map((item, index) => {
    const slot = interstitialSlot(index + 1, every);
    const extra = slot !== null ? interstitial?.(slot) : null;
    return (
      <Fragment key={item.id}>
        <li className={itemClassName}>{renderItem(item)}</li>
        {extra && (
          <li className={slotClassName} data-slot={slot}>
            {extra}
          </li>
        )}
      </Fragment>
    );
  });
}

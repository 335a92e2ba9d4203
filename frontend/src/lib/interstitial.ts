//! The one rule for 'an interstitial after every N items' (an ad in explore's trending grid and
//! the shop, a sponsored story between creators' story groups): each feature keeps its own N.

/**
 * The interstitial slot that follows the `count`-th item (counted from 1), or null: slot 0
 * after the `every`-th item, 1 after the (2 × `every`)-th, and so on; none after no items.
 */
export function interstitialSlot(count: number, every: number): number | null {
  return count > 0 && count % every === 0 ? count / every - 1 : null;
}

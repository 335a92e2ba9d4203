import { describe, expect, it } from 'vitest';
import { interstitialSlot } from './interstitial';

describe('interstitialSlot', () => {
  it('numbers the slots after every N-th item from 0', () => {
    expect(interstitialSlot(4, 4)).toBe(0);
    expect(interstitialSlot(8, 4)).toBe(1);
    expect(interstitialSlot(12, 4)).toBe(2);
    expect(interstitialSlot(6, 6)).toBe(0);
    expect(interstitialSlot(18, 6)).toBe(2);
  });

  it('has no slot after the other items', () => {
    expect([1, 2, 3, 5, 6, 7, 9].map((count) => interstitialSlot(count, 4))).toEqual(Array(7).fill(null));
    expect(interstitialSlot(4, 6)).toBeNull();
  });

  it('has no slot before the first item', () => {
    expect(interstitialSlot(0, 3)).toBeNull();
  });

  it('puts one after every item when N is 1', () => {
    expect([1, 2, 3].map((count) => interstitialSlot(count, 1))).toEqual([0, 1, 2]);
  });
});

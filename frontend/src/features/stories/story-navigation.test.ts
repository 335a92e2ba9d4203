import { describe, expect, it } from 'vitest';
import { nextPage, nextPosition, previousPage, previousPosition, storyIndex, storyPage, type Circles } from './story-navigation';

/** Circles with these story counts (undefined: not loaded yet). */
function circles(...counts: Array<number | undefined>): Circles {
  return { length: counts.length, count: (group) => counts[group] };
}

const always = () => true;
const never = () => false;

describe('story navigation', () => {
  it("goes through a circle's stories, then to the next circle's first", () => {
    const strip = circles(2, 1);
    expect(nextPosition(strip, { group: 0, story: 0 })).toEqual({ group: 0, story: 1 });
    expect(nextPosition(strip, { group: 0, story: 1 })).toEqual({ group: 1, story: 0 });
    expect(nextPosition(strip, { group: 1, story: 0 })).toBeNull();
  });

  it('moves on from a circle still loading to the next one, which may be loading too', () => {
    expect(nextPosition(circles(undefined, undefined), { group: 0, story: 0 })).toEqual({ group: 1, story: 0 });
    expect(nextPosition(circles(3, undefined), { group: 0, story: 2 })).toEqual({ group: 1, story: 0 });
  });

  it('skips circles known to be empty, both ways', () => {
    const strip = circles(2, 0, 0, 1);
    expect(nextPosition(strip, { group: 0, story: 1 })).toEqual({ group: 3, story: 0 });
    expect(previousPosition(strip, { group: 3, story: 0 })).toEqual({ group: 0, story: 1 });
    expect(nextPosition(circles(1, 0), { group: 0, story: 0 })).toBeNull();
    expect(previousPosition(circles(0, 1), { group: 1, story: 0 })).toBeNull();
  });

  it("goes back to the previous circle's last story, or to 'last' while its count is unknown", () => {
    expect(previousPosition(circles(3, 1), { group: 1, story: 0 })).toEqual({ group: 0, story: 2 });
    expect(previousPosition(circles(undefined, 1), { group: 1, story: 0 })).toEqual({ group: 0, story: 'last' });
    expect(previousPosition(circles(2, 2), { group: 1, story: 1 })).toEqual({ group: 1, story: 0 });
    expect(previousPosition(circles(2), { group: 0, story: 0 })).toBeNull();
  });

  it("reads 'last' as the last story once the circle has loaded", () => {
    expect(storyIndex({ group: 0, story: 'last' }, 3)).toBe(2);
    expect(storyIndex({ group: 0, story: 1 }, 3)).toBe(1);
    expect(previousPosition(circles(3), { group: 0, story: 'last' })).toEqual({ group: 0, story: 1 });
    expect(nextPosition(circles(3, 1), { group: 0, story: 'last' })).toEqual({ group: 1, story: 0 });
  });

  it('puts a sponsored story after every third circle from the one opened on, loaded or not', () => {
    const strip = circles(1, undefined, 1, undefined, 1);
    const from = storyPage({ group: 2, story: 0 });
    const ad = nextPage(strip, from, 0, always);
    expect(ad).toEqual({ kind: 'sponsored', slot: 0, from: { group: 2, story: 0 }, to: { group: 3, story: 0 } });
    expect(nextPage(strip, ad!, 0, always)).toEqual(storyPage({ group: 3, story: 0 }));
    expect(previousPage(strip, ad!, 0, always)).toEqual(from);
    // Counted from the opened circle; none where no ad runs.
    expect(nextPage(strip, from, 1, always)).toEqual(storyPage({ group: 3, story: 0 }));
    expect(nextPage(strip, from, 0, never)).toEqual(storyPage({ group: 3, story: 0 }));
  });

  it('passes back through the same sponsored story, never after a circle before the opened one', () => {
    const strip = circles(1, 1, 1, undefined);
    expect(previousPage(strip, storyPage({ group: 3, story: 0 }), 0, always)).toEqual({
      kind: 'sponsored',
      slot: 0,
      from: { group: 2, story: 0 },
      to: { group: 3, story: 0 },
    });
    expect(previousPage(strip, storyPage({ group: 3, story: 0 }), 3, always)).toEqual(storyPage({ group: 2, story: 0 }));
  });
});

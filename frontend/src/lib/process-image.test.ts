import { describe, expect, it } from 'vitest';
import { fitWidth } from './process-image';

describe('fitWidth', () => {
  it('keeps an image at most 1600 px wide as it is', () => {
    expect(fitWidth(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fitWidth(20, 10)).toEqual({ width: 20, height: 10 });
  });

  it('scales a wider image down to 1600 px, keeping the aspect ratio', () => {
    expect(fitWidth(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWidth(3201, 1)).toEqual({ width: 1600, height: 1 });
  });
});

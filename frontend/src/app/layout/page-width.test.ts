import { describe, expect, it } from 'vitest';
import { pageWidthFor } from './page-width';

describe('pageWidthFor', () => {
  it.each([
    ['/chat', 'full'],
    ['/chat/12', 'full'],
    ['/admin', 'wide'],
    ['/canvas/3', 'wide'],
    ['/checkout', 'wide'],
    ['/', 'wide'],
    ['/explore', 'grid'],
    ['/shop', 'wide'],
    ['/profile/ada', 'grid'],
    ['/profiles', 'column'],
    ['/chatter', 'column'],
  ])('gives %s the %s width', (path, width) => {
    expect(pageWidthFor(path)).toBe(width);
  });
});

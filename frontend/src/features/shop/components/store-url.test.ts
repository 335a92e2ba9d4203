import { describe, expect, it } from 'vitest';
import { aProduct } from '@/test/shop';
import { storeUrl } from './shop-screen';

describe('storeUrl', () => {
  it("is the origin of the catalogue's product pages", () => {
    expect(storeUrl([aProduct({ productUrl: 'https://shop.inkwell.studio/products/tee' })])).toBe('https://shop.inkwell.studio');
  });

  it('is none for placeholder pages on names that never resolve (the demo catalogue)', () => {
    for (const url of [
      'https://shop.atelier.example/products/tee',
      'https://store.example.com/p/1',
      'https://example.org/p/1',
      'http://shop.test/p/1',
      'https://x.invalid/p',
      'http://localhost/p/1',
    ]) {
      expect(storeUrl([aProduct({ productUrl: url })]), url).toBeNull();
    }
  });

  it('is none without an http(s) product page', () => {
    expect(storeUrl([aProduct({ productUrl: '' })])).toBeNull();
    expect(storeUrl(undefined)).toBeNull();
  });
});

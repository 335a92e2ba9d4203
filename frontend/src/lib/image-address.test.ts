import { describe, expect, it } from 'vitest';
import { IMAGE_ADDRESS_MESSAGE, imageAddressProblem, isHttpUrl } from './image-address';

describe('imageAddressProblem', () => {
  it('takes http and https addresses and the gallery’s data: images', () => {
    expect(imageAddressProblem('https://example.com/a.jpg')).toBeNull();
    expect(imageAddressProblem(' http://example.com/a.jpg ')).toBeNull();
    expect(imageAddressProblem('data:image/jpeg;base64,AAAA')).toBeNull();
  });

  it('refuses an address without a scheme, another scheme, or no host', () => {
    for (const bad of ['example.com/a.jpg', 'www.example.com/a.jpg', 'ftp://example.com/a.jpg', 'javascript:alert(1)', 'https://', '/media/a.jpg']) {
      expect(imageAddressProblem(bad), bad).toBe(IMAGE_ADDRESS_MESSAGE);
    }
  });

  it('previews only complete http(s) URLs', () => {
    expect(isHttpUrl('https://example.com/a.jpg')).toBe(true);
    expect(isHttpUrl('example.com/a.jpg')).toBe(false);
    expect(isHttpUrl('data:image/png;base64,AAAA')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { captionCounter, parseTags, validateDraftForm, validatePostForm } from './post-form';

const base = { caption: '', media: [] as { image: string; alt: string }[], location: '', tags: '' };
const one = (image: string, alt = '') => [{ image, alt }];

describe('parseTags', () => {
  it('splits on commas, trims, and drops blanks', () => {
    expect(parseTags(' art,  digital painting , ,, music ')).toEqual(['art', 'digital painting', 'music']);
  });

  it('keeps a tag repeated in another case once, as first typed', () => {
    expect(parseTags('Art, design, ART, #art, Design')).toEqual(['Art', 'design']);
  });

  it('drops a leading # and is empty for an empty line', () => {
    expect(parseTags('#art, ##code')).toEqual(['art', 'code']);
    expect(parseTags('   ')).toEqual([]);
  });
});

describe('captionCounter', () => {
  it('shows the length against the limit', () => {
    expect(captionCounter('Hello world!')).toBe('12/2200');
    expect(captionCounter('')).toBe('0/2200');
    expect(captionCounter('🎨 art')).toBe('5/2200');
  });
});

describe('validatePostForm', () => {
  it('refuses a caption over 2200 characters first', () => {
    expect(validatePostForm({ ...base, caption: 'x'.repeat(2201) })).toEqual({
      ok: false,
      message: 'Caption must be under 2200 characters',
    });
  });

  it('accepts exactly 2200 characters', () => {
    expect(validatePostForm({ ...base, caption: 'x'.repeat(2200), media: one('https://a.b/c.png') }).ok).toBe(true);
  });

  it('asks for an image when there is none', () => {
    expect(validatePostForm({ ...base, caption: 'hi', media: one('  ') })).toEqual({
      ok: false,
      message: 'Please select an image or enter a URL',
    });
  });

  it('refuses an image address that is not http(s), after the caption and the required image', () => {
    expect(validatePostForm({ ...base, media: one('example.com/a.jpg') })).toEqual({
      ok: false,
      message: 'Enter an image address starting with https://',
    });
    expect(validatePostForm({ ...base, caption: 'x'.repeat(2201), media: one('example.com/a.jpg') })).toMatchObject({
      message: 'Caption must be under 2200 characters',
    });
    expect(validatePostForm({ ...base, media: one('http://example.com/a.jpg') }).ok).toBe(true);
  });

  it("refuses a tag over 50 characters and more than 30 tags, in the server's words", () => {
    const image = { ...base, media: one('https://a.b/c.png') };
    expect(validatePostForm({ ...image, tags: `ok, ${'t'.repeat(51)}` })).toEqual({
      ok: false,
      message: 'Each tag must be at most 50 characters',
    });
    expect(validatePostForm({ ...image, tags: `${'🎨'.repeat(50)}, ${'t'.repeat(50)}` }).ok).toBe(true);
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `tag${i}`).join(', ');
    expect(validatePostForm({ ...image, tags: tags(31) })).toEqual({ ok: false, message: 'A post can have at most 30 tags' });
    expect(validatePostForm({ ...image, tags: tags(30) }).ok).toBe(true);
    // Repeats count once, as on the server.
    expect(validatePostForm({ ...image, tags: `${tags(30)}, TAG0, #tag1` }).ok).toBe(true);
  });

  it('builds the body with optional fields only when filled', () => {
    expect(validatePostForm({ ...base, media: one('data:image/jpeg;base64,AAA') })).toEqual({
      ok: true,
      payload: { caption: '', media: [{ image: 'data:image/jpeg;base64,AAA' }] },
    });
    expect(
      validatePostForm({ caption: ' Dusk ', media: one(' https://x.y/z.jpg '), location: ' Lisbon ', tags: 'sky, dusk' }),
    ).toEqual({
      ok: true,
      payload: { caption: 'Dusk', media: [{ image: 'https://x.y/z.jpg' }], location: 'Lisbon', tags: ['sky', 'dusk'] },
    });
  });

  it('sends up to ten images in order, each with its trimmed alt text, and refuses more or a long one', () => {
    const media = Array.from({ length: 10 }, (_, i) => ({ image: `https://x.y/${i}.jpg`, alt: i % 2 ? ` Panel ${i} ` : '' }));
    const result = validatePostForm({ ...base, media });
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(result.payload.media).toEqual(media.map(({ image, alt }, i) => (i % 2 ? { image, alt: alt.trim() } : { image })));
    expect(validatePostForm({ ...base, media: [...media, { image: 'https://x.y/10.jpg', alt: '' }] })).toEqual({
      ok: false,
      message: 'A post can have at most 10 images',
    });
    expect(validatePostForm({ ...base, media: one('https://x.y/a.jpg', 'é'.repeat(1501)) })).toEqual({
      ok: false,
      message: 'Alt text must be at most 1500 characters',
    });
    expect(validatePostForm({ ...base, media: one('https://x.y/a.jpg', 'é'.repeat(1500)) }).ok).toBe(true);
  });
});

describe('validateDraftForm', () => {
  it('saves a draft without an image yet, which a post refuses', () => {
    expect(validateDraftForm({ ...base, caption: ' An idea ' })).toEqual({ ok: true, payload: { caption: 'An idea', media: [] } });
    expect(validatePostForm({ ...base, caption: 'An idea' })).toEqual({ ok: false, message: 'Please select an image or enter a URL' });
  });

  it('sends a draft’s own images back by their addresses, which no other address may be', () => {
    const kept = ['/media/abc.jpg'];
    const media = [{ image: '/media/abc.jpg', alt: ' Dusk ' }, { image: 'data:image/jpeg;base64,AAA', alt: '' }];
    expect(validatePostForm({ ...base, media }, kept)).toEqual({
      ok: true,
      payload: { caption: '', media: [{ image: '/media/abc.jpg', alt: 'Dusk' }, { image: 'data:image/jpeg;base64,AAA' }] },
    });
    expect(validateDraftForm({ ...base, media: one('/media/other.jpg') }, kept)).toEqual({
      ok: false,
      message: 'Enter an image address starting with https://',
    });
  });

  it('checks the caption and tags as a post’s', () => {
    expect(validateDraftForm({ ...base, caption: 'x'.repeat(2201) })).toMatchObject({ ok: false, message: 'Caption must be under 2200 characters' });
    expect(validateDraftForm({ ...base, tags: 't'.repeat(51) })).toMatchObject({ ok: false, message: 'Each tag must be at most 50 characters' });
  });
});

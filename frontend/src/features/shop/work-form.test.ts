import { describe, expect, it } from 'vitest';
import { centsToField, checkChange, checkPrice, checkWork, checkWorkFile, MESSAGES, parseStock, type WorkValues } from './work-form';

const values = (overrides: Partial<WorkValues> = {}): WorkValues => ({
  image: 'data:image/png;base64,iVBOR',
  name: 'Print',
  description: '',
  price: '10',
  category: 'prints',
  kind: 'physical',
  stock: '5',
  file: null,
  ...overrides,
});

describe('the rules of a listing', () => {
  it('reads dollars into whole cents between $1.00 and $10,000.00', () => {
    expect(checkPrice('1')).toEqual({ cents: 100 });
    expect(checkPrice('10,000.00')).toEqual({ cents: 1_000_000 });
    expect(checkPrice('19.9')).toEqual({ cents: 1990 });
    expect(checkPrice('0.99')).toEqual({ error: MESSAGES.priceRange });
    expect(checkPrice('10000.01')).toEqual({ error: MESSAGES.priceRange });
    expect(checkPrice('1.234')).toEqual({ error: MESSAGES.priceFormat });
    expect(checkPrice('-5')).toEqual({ error: MESSAGES.priceFormat });
    expect(checkPrice('')).toEqual({ error: MESSAGES.priceFormat });
  });

  it('takes a whole stock of 1 to 10,000', () => {
    expect(parseStock('1')).toBe(1);
    expect(parseStock(' 10000 ')).toBe(10_000);
    expect(parseStock('0')).toBeNull();
    expect(parseStock('10001')).toBeNull();
    expect(parseStock('2.5')).toBeNull();
  });

  it('takes a file of at most 100 MB (100 × 1024 × 1024 bytes)', () => {
    expect(checkWorkFile({ size: 100 * 1024 * 1024 })).toBeNull();
    expect(checkWorkFile({ size: 100 * 1024 * 1024 + 1 })).toBe(MESSAGES.fileTooLarge);
    expect(checkWorkFile(null)).toBe(MESSAGES.fileRequired);
  });

  it('counts a name as the server does: an emoji is one character', () => {
    expect(checkWork(values({ name: '🎨'.repeat(100) })).ok).toBe(true);
    expect(checkWork(values({ name: '🎨'.repeat(101) }))).toEqual({ ok: false, errors: { name: MESSAGES.nameTooLong } });
  });

  it('sends a digital work with its file and no stock, whatever the stock field says', () => {
    const file = new File(['x'], 'zine.pdf');
    const check = checkWork(values({ kind: 'digital', stock: 'nonsense', file }));
    expect(check).toEqual({
      ok: true,
      work: { kind: 'digital', work: { name: 'Print', description: '', price: 1000, category: 'prints', image: values().image, file } },
    });
  });

  it('changes only what differs, and lets a sold-out work change its price without a stock', () => {
    const work = { price: 1000, stock: 0, description: 'Old', kind: 'physical' as const };
    expect(checkChange({ price: '12', stock: '0', description: 'Old' }, work)).toEqual({ ok: true, change: { price: 1200 } });
    expect(checkChange({ price: '10', stock: '0', description: 'Old' }, work)).toEqual({ ok: true, change: {} });
    expect(checkChange({ price: '10', stock: '0x', description: 'Old' }, work)).toEqual({ ok: false, errors: { stock: MESSAGES.stock } });
    const digital = { price: 1000, stock: null, description: '', kind: 'digital' as const };
    expect(checkChange({ price: '10', stock: '', description: 'New' }, digital)).toEqual({ ok: true, change: { description: 'New' } });
  });

  it('shows cents in the dollars field', () => {
    expect(centsToField(2550)).toBe('25.50');
    expect(centsToField(100)).toBe('1.00');
  });
});

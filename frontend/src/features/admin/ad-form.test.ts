import { describe, expect, it } from 'vitest';
import { AD_FORM_DEFAULTS, checkAdForm, clickThroughRate, isImageUrl, type AdFormValues } from './ad-form';

const valid: AdFormValues = {
  ...AD_FORM_DEFAULTS,
  title: 'Brush Pack Pro',
  imageUrl: 'https://brushes.example.com/ad.png',
  targetUrl: 'https://brushes.example.com/pro',
  advertiserName: 'Inkwell Studio',
};

describe('clickThroughRate', () => {
  it.each([
    [0, 0, '0.00'],
    [5, 0, '0.00'],
    [1, 3, '33.33'],
    [2, 3, '66.67'],
    [10, 10, '100.00'],
    [7, 1000, '0.70'],
  ])('%i clicks over %i impressions → %s', (clicks, impressions, rate) => {
    expect(clickThroughRate(clicks, impressions)).toBe(rate);
  });
});

describe('checkAdForm', () => {
  it('has the spec defaults: feed, $10.00 and $1.00 → 1000 and 100 cents', () => {
    expect(AD_FORM_DEFAULTS.category).toBe('feed');
    const check = checkAdForm(valid);
    expect(check).toEqual({
      ok: true,
      request: {
        title: 'Brush Pack Pro',
        imageUrl: 'https://brushes.example.com/ad.png',
        targetUrl: 'https://brushes.example.com/pro',
        advertiserName: 'Inkwell Studio',
        category: 'feed',
        budget: 1000,
        costPerClick: 100,
        endDate: null,
      },
    });
  });

  it('turns typed dollars into cents without floats and sends the dates', () => {
    const check = checkAdForm({ ...valid, budget: '25.30', costPerClick: '0.5', description: ' Brushes ', startDate: '2026-12-01', endDate: '2026-12-31', category: 'banner' });
    expect(check.ok && check.request).toMatchObject({ budget: 2530, costPerClick: 50, description: 'Brushes', startDate: '2026-12-01', endDate: '2026-12-31', category: 'banner' });
  });

  it.each<[Partial<AdFormValues>, keyof AdFormValues, string]>([
    [{ title: '  ' }, 'title', 'Title is required'],
    [{ title: 'x'.repeat(101) }, 'title', 'Title must be under 100 characters'],
    [{ description: 'x'.repeat(201) }, 'description', 'Description must be under 200 characters'],
    [{ imageUrl: 'not a url' }, 'imageUrl', 'Please enter a valid image URL'],
    [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'Please enter a valid image URL'],
    [{ targetUrl: 'ftp://example.com' }, 'targetUrl', 'Please enter a valid target URL'],
    [{ targetUrl: '' }, 'targetUrl', 'Please enter a valid target URL'],
    [{ advertiserName: '' }, 'advertiserName', 'Advertiser name is required'],
    [{ budget: '0.99' }, 'budget', 'Budget must be at least $1.00'],
    [{ budget: 'ten' }, 'budget', 'Budget must be at least $1.00'],
    [{ costPerClick: '0.49' }, 'costPerClick', 'Cost per click must be at least $0.50'],
    [{ startDate: '2026-12-31', endDate: '2026-12-01' }, 'endDate', 'End date must be after the start date'],
  ])('refuses %j: %s says %s', (change, field, message) => {
    const check = checkAdForm({ ...valid, ...change });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.errors[field]).toBe(message);
  });

  it('takes a one-day ad: the end date may be the start date (it means the end of that day)', () => {
    const check = checkAdForm({ ...valid, startDate: '2026-12-01', endDate: '2026-12-01' });
    expect(check.ok && check.request).toMatchObject({ startDate: '2026-12-01', endDate: '2026-12-01' });
  });

  it('takes exactly 100 title characters, 200 description characters, $1.00 and $0.50', () => {
    expect(checkAdForm({ ...valid, title: 'x'.repeat(100), description: 'y'.repeat(200), budget: '1', costPerClick: '0.50' }).ok).toBe(true);
  });

  it('takes http(s) images, the server’s /media/ paths and uploaded data: images', () => {
    expect(isImageUrl('http://cdn.example.com/a.jpg')).toBe(true);
    expect(isImageUrl('/media/abc.jpg')).toBe(true);
    expect(isImageUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isImageUrl('/etc/passwd')).toBe(false);
  });
});

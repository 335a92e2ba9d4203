//! The Create Ad form's rules (POST /api/ads in docs/admin-contract.md), checked before anything
//! is sent, with the spec's messages word for word; the server checks the same rules and its 400
//! message is shown too.
//! Dollars typed become cents through lib/money.ts, never through a float.
import { isHttpUrl } from '@/lib/image-address';
import { parseDollars } from '@/lib/money';
import type { AdCategory, NewAdRequest } from './types';

export const AD_CATEGORIES: ReadonlyArray<{ value: AdCategory; label: string }> = [
  { value: 'feed', label: 'Feed' },
  { value: 'story', label: 'Story' },
  { value: 'banner', label: 'Banner' },
  { value: 'sidebar', label: 'Sidebar' },
];

export interface AdFormValues {
  title: string;
  description: string;
  imageUrl: string;
  targetUrl: string;
  advertiserName: string;
  category: AdCategory;
  /** Dollars as typed. */
  budget: string;
  costPerClick: string;
  /** `YYYY-MM-DD` from a date input, or ''. */
  startDate: string;
  endDate: string;
}

/** NewAdRequest's defaults (docs/admin-contract.md): category feed, budget 1000 cents, 100 cents a click. */
export const AD_FORM_DEFAULTS: AdFormValues = {
  title: '',
  description: '',
  imageUrl: '',
  targetUrl: '',
  advertiserName: '',
  category: 'feed',
  budget: '10.00',
  costPerClick: '1.00',
  startDate: '',
  endDate: '',
};

export type AdFormErrors = Partial<Record<keyof AdFormValues, string>>;

/** An image the server takes: an http(s) URL, one of its own `/media/` paths, or an uploaded `data:` image. */
export function isImageUrl(text: string): boolean {
  return isHttpUrl(text) || /^\/media\/\S+$/.test(text) || /^data:image\/[a-z0-9.+-]+;base64,/i.test(text);
}

export type AdFormCheck = { ok: true; request: NewAdRequest } | { ok: false; errors: AdFormErrors };

/** The form's values → the request, or each field's first broken rule. */
export function checkAdForm(values: AdFormValues): AdFormCheck {
  const errors: AdFormErrors = {};
  const title = values.title.trim();
  const description = values.description.trim();
  const imageUrl = values.imageUrl.trim();
  const targetUrl = values.targetUrl.trim();
  const advertiserName = values.advertiserName.trim();

  if (!title) errors.title = 'Title is required';
  else if ([...title].length > 100) errors.title = 'Title must be under 100 characters';
  if ([...description].length > 200) errors.description = 'Description must be under 200 characters';
  if (!isImageUrl(imageUrl)) errors.imageUrl = 'Please enter a valid image URL';
  if (!isHttpUrl(targetUrl)) errors.targetUrl = 'Please enter a valid target URL';
  if (!advertiserName) errors.advertiserName = 'Advertiser name is required';
  if (!AD_CATEGORIES.some((c) => c.value === values.category)) errors.category = 'Category must be feed, story, banner or sidebar';
  const budget = parseDollars(values.budget);
  if (budget === null || budget < 100) errors.budget = 'Budget must be at least $1.00';
  const costPerClick = parseDollars(values.costPerClick);
  if (costPerClick === null || costPerClick < 50) errors.costPerClick = 'Cost per click must be at least $0.50';
  // A bare end date means the end of that day (the server's reading), so a one-day ad ends on its start date.
  if (values.startDate && values.endDate && values.endDate < values.startDate) errors.endDate = 'End date must be after the start date';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const request: NewAdRequest = {
    title,
    imageUrl,
    targetUrl,
    advertiserName,
    category: values.category,
    budget: budget!,
    costPerClick: costPerClick!,
    endDate: values.endDate || null,
  };
  if (description) request.description = description;
  if (values.startDate) request.startDate = values.startDate;
  return { ok: true, request };
}

/** The field a server 400 message is about, to show it there; null for another message. */
export function fieldOfServerMessage(message: string): keyof AdFormValues | null {
  if (message.startsWith('Title')) return 'title';
  if (message.startsWith('Description')) return 'description';
  if (message === 'Please enter a valid image URL') return 'imageUrl';
  if (message === 'Please enter a valid target URL') return 'targetUrl';
  if (message.startsWith('Advertiser')) return 'advertiserName';
  if (message.startsWith('Category')) return 'category';
  if (message.startsWith('Budget')) return 'budget';
  if (message.startsWith('Cost per click')) return 'costPerClick';
  if (message.startsWith('End date')) return 'endDate';
  return null;
}

/** Clicks / impressions as a percent with 2 decimals; '0.00' without impressions (docs/admin-contract.md). */
export function clickThroughRate(clicks: number, impressions: number): string {
  if (!impressions) return '0.00';
  return ((clicks / impressions) * 100).toFixed(2);
}

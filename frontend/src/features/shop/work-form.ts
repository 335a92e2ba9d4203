//! The rules of 'Sell your work' and of editing a listing (docs/economy-contract.md, slices 2
//! and 3): a name of 1–100 characters, a description of at most 2,000, a price of $1.00 to
//! $10,000.00 typed in dollars with at most two decimals (read digit by digit, sent as cents), a
//! creator's category, and either a stock of 1–10,000 (physical) or the file itself, at most
//! 100 MB (digital). Lengths are counted as the server counts them (Unicode scalar values).
import { parseDollars } from '@/lib/money';
import type { NewWork } from './api/create-work';
import type { ProductCategory, ProductKind, WorkChangeRequest } from './types';

export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 2000;
export const MIN_PRICE_CENTS = 100;
export const MAX_PRICE_CENTS = 1_000_000;
export const MIN_STOCK = 1;
export const MAX_STOCK = 10_000;
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
/** The picture is re-encoded by the server; a bigger one is refused before it is read. */
export const MAX_IMAGE_MB = 10;

export const WORK_CATEGORIES: Array<{ value: ProductCategory; label: string }> = [
  { value: 'prints', label: 'Prints' },
  { value: 'digital', label: 'Digital' },
  { value: 'apparel', label: 'Apparel' },
  { value: 'accessories', label: 'Accessories' },
];

export const MESSAGES = {
  image: 'Choose a picture of your work',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${NAME_MAX} characters`,
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX.toLocaleString('en-US')} characters`,
  priceFormat: 'Enter a price in dollars with at most 2 decimals',
  priceRange: 'Price must be between $1.00 and $10,000.00',
  stock: 'Stock must be a whole number from 1 to 10,000',
  fileRequired: 'Choose the file buyers will download',
  fileTooLarge: 'The file must be at most 100 MB',
} as const;

/** How many characters `text` has as the server counts them (an emoji is one). */
export function textLength(text: string): number {
  return [...text].length;
}

export interface WorkValues {
  image: string | null;
  name: string;
  description: string;
  price: string;
  category: ProductCategory;
  kind: ProductKind;
  stock: string;
  file: File | null;
}

export type WorkField = 'image' | 'name' | 'description' | 'price' | 'stock' | 'file';
export type WorkErrors = Partial<Record<WorkField, string>>;

/** The price in cents, or the message saying what is wrong with the typed dollars. */
export function checkPrice(text: string): { cents: number } | { error: string } {
  const cents = parseDollars(text);
  if (cents === null) return { error: MESSAGES.priceFormat };
  if (cents < MIN_PRICE_CENTS || cents > MAX_PRICE_CENTS) return { error: MESSAGES.priceRange };
  return { cents };
}

/** The stock, or null when it is not a whole number of 1–10,000. */
export function parseStock(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const stock = Number(text.trim());
  return stock >= MIN_STOCK && stock <= MAX_STOCK ? stock : null;
}

/** The file's problem, or null when it may be uploaded. */
export function checkWorkFile(file: { size: number } | null): string | null {
  if (!file) return MESSAGES.fileRequired;
  return file.size > MAX_FILE_BYTES ? MESSAGES.fileTooLarge : null;
}

function checkDescription(description: string): string | undefined {
  return textLength(description) > DESCRIPTION_MAX ? MESSAGES.descriptionTooLong : undefined;
}

export type WorkCheck = { ok: true; work: NewWork } | { ok: false; errors: WorkErrors };

/** The listing to send, or what is wrong with each field. Name and description are trimmed. */
export function checkWork(values: WorkValues): WorkCheck {
  const errors: WorkErrors = {};
  const name = values.name.trim();
  const description = values.description.trim();
  if (!values.image) errors.image = MESSAGES.image;
  if (!name) errors.name = MESSAGES.nameRequired;
  else if (textLength(name) > NAME_MAX) errors.name = MESSAGES.nameTooLong;
  errors.description = checkDescription(description);
  const price = checkPrice(values.price);
  if ('error' in price) errors.price = price.error;
  let stock: number | null = null;
  if (values.kind === 'physical') {
    stock = parseStock(values.stock);
    if (stock === null) errors.stock = MESSAGES.stock;
  } else {
    errors.file = checkWorkFile(values.file) ?? undefined;
  }
  const problems = Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as WorkErrors;
  if (Object.keys(problems).length > 0 || !values.image || 'error' in price) return { ok: false, errors: problems };
  if (values.kind === 'physical') {
    return {
      ok: true,
      work: {
        kind: 'physical',
        work: { name, description, price: price.cents, category: values.category, image: values.image, kind: 'physical', stock: stock! },
      },
    };
  }
  return {
    ok: true,
    work: { kind: 'digital', work: { name, description, price: price.cents, category: values.category, image: values.image, file: values.file! } },
  };
}

export interface ChangeValues {
  price: string;
  stock: string;
  description: string;
}

export type ChangeCheck = { ok: true; change: WorkChangeRequest } | { ok: false; errors: WorkErrors };

/**
 * What an edit changes (only the fields that differ from `work`), or what is wrong. A digital
 * work has no stock to change.
 */
export function checkChange(
  values: ChangeValues,
  work: { price: number; stock: number | null; description: string; kind: ProductKind },
): ChangeCheck {
  const errors: WorkErrors = {};
  const price = checkPrice(values.price);
  if ('error' in price) errors.price = price.error;
  const description = values.description.trim();
  const descriptionError = checkDescription(description);
  if (descriptionError) errors.description = descriptionError;
  // An unchanged stock is not checked: a sold-out work (0 left) may still change its price.
  const stockChanged = work.kind === 'physical' && values.stock.trim() !== String(work.stock);
  const stock = stockChanged ? parseStock(values.stock) : null;
  if (stockChanged && stock === null) errors.stock = MESSAGES.stock;
  if (Object.keys(errors).length > 0 || 'error' in price) return { ok: false, errors };
  const change: WorkChangeRequest = {};
  if (price.cents !== work.price) change.price = price.cents;
  if (stock !== null) change.stock = stock;
  if (description !== work.description) change.description = description;
  return { ok: true, change };
}

/** '12.5' for 1250 cents: a price as the dollars field shows it. */
export function centsToField(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

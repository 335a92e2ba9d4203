//! The card form's own checks (issue 42: the checkout's payment step and the tip dialog), the same ones the server makes before any payment:
//! the number's Luhn digit, an expiry that has not passed, 3 digits of CVC (4 for American
//! Express). The server checks again; this only says what is wrong while typing.

/** The digits of a number typed with spaces or dashes. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The number grouped as a card shows it: 4 by 4 (American Express 4-6-5). */
export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 19);
  if (/^3[47]/.test(digits)) {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function isAmex(digits: string): boolean {
  return /^3[47]/.test(digits);
}

/** `MM / YY` (or `MM/YYYY`) as month and four-digit year; null when it is not one. */
export function parseExpiry(typed: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(typed);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
}

/** The first problem of the form, in Stripe's words, or null when it is a card. */
export function cardProblem(form: CardForm, now = new Date()): string | null {
  const digits = cardDigits(form.number);
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return 'Your card number is invalid.';
  const expiry = parseExpiry(form.expiry);
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  if (!expiry || expiry.year * 12 + expiry.month - 1 < thisMonth) return "Your card's expiration date is in the past or invalid.";
  const cvcLength = isAmex(digits) ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(form.cvc.trim())) return "Your card's security code is invalid.";
  return null;
}

/** The form as the server's card request: digits only, the expiry as month and year. */
export function cardRequest(form: CardForm) {
  const expiry = parseExpiry(form.expiry);
  return { number: cardDigits(form.number), expMonth: expiry?.month ?? 0, expYear: expiry?.year ?? 0, cvc: form.cvc.trim() };
}

export const EMPTY_CARD: CardForm = { number: '', expiry: '', cvc: '' };

/** 'visa' → 'Visa', 'amex' → 'American Express'. */
export function cardBrand(brand: string): string {
  const names: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };
  return names[brand] ?? 'Card';
}

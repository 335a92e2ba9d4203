//! Money on screen: the server counts integer cents (docs/economy-contract.md); the client shows dollars with
//! two decimals and one sign everywhere (docs/decisions.md), and turns dollars a person typed
//! into cents by reading the digits, never through a float.

const dollars = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 123456 → '$1,234.56'. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}$${dollars.format(whole).slice(0, -3)}.${rest}`;
}

/**
 * '12.3' → 1230, '0.01' → 1, '1,250.00' → 125000: a non-negative amount of dollars with at most
 * two decimals, as integer cents; anything else (letters, a sign, a third decimal, nothing) → null.
 */
export function parseDollars(text: string): number | null {
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  if (!whole && !fraction) return null;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

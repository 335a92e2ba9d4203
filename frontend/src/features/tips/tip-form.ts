//! The tip form's rules (docs/economy-contract.md): an amount of $1.00 to $500.00 in whole
//! cents, chosen from the chips or typed in dollars (read digit by digit, never through a float),
//! and an optional message of at most 200 characters, counted as the server counts them
//! (Unicode scalar values, not UTF-16 units).
import { parseDollars } from '@/lib/money';
import type { TipDraft } from './types';

export const MIN_TIP_CENTS = 100;
export const MAX_TIP_CENTS = 50_000;
export const MAX_TIP_MESSAGE = 200;
/** The chips: $2, $5 and $10. */
export const PRESET_TIPS = [200, 500, 1000] as const;
export const DEFAULT_TIP = 500;

export const TIP_RANGE_MESSAGE = 'Tips are between $1.00 and $500.00';
export const TIP_MESSAGE_TOO_LONG = `Messages are at most ${MAX_TIP_MESSAGE} characters`;

/** A chip's cents, or 'other' for the dollars field. */
export type TipChoice = number | 'other';

/** How many characters `text` has as the server counts them (an emoji is one). */
export function messageLength(text: string): number {
  return [...text].length;
}

/** The amount in cents, or null when the typed dollars are not a tip the server takes. */
export function tipAmount(choice: TipChoice, otherDollars: string): number | null {
  const cents = choice === 'other' ? parseDollars(otherDollars) : choice;
  if (cents === null || cents < MIN_TIP_CENTS || cents > MAX_TIP_CENTS) return null;
  return cents;
}

export type TipCheck = { ok: true; request: TipDraft } | { ok: false; amountError: string | null; messageError: string | null };

/** The request to send, or what is wrong with the form. A blank message is left out. */
export function checkTip(
  values: { choice: TipChoice; otherDollars: string; message: string },
  target: { toUserId: number; postId?: number; reelId?: number },
): TipCheck {
  const amount = tipAmount(values.choice, values.otherDollars);
  const message = values.message.trim();
  const messageError = messageLength(message) > MAX_TIP_MESSAGE ? TIP_MESSAGE_TOO_LONG : null;
  if (amount === null || messageError) return { ok: false, amountError: amount === null ? TIP_RANGE_MESSAGE : null, messageError };
  const request: TipDraft = { toUserId: target.toUserId, amount };
  if (target.postId !== undefined) request.postId = target.postId;
  else if (target.reelId !== undefined) request.reelId = target.reelId;
  if (message) request.message = message;
  return { ok: true, request };
}

/** Two requests are the same tip (a retry may keep its Idempotency-Key). */
export function sameTip(a: TipDraft, b: TipDraft): boolean {
  return (
    a.toUserId === b.toUserId &&
    a.amount === b.amount &&
    (a.postId ?? null) === (b.postId ?? null) &&
    (a.reelId ?? null) === (b.reelId ?? null) &&
    (a.message ?? null) === (b.message ?? null)
  );
}

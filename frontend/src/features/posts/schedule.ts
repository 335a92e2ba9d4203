//! A scheduled post's time (issue 44): picked as a date and time in the user's own zone (a
//! `datetime-local` field), checked against the server's window (10 minutes to 90 days ahead, in
//! its words), sent as RFC 3339 with the local offset ('2026-12-01T10:00:00+01:00'), and shown
//! back in the user's zone.
const MINUTE_MS = 60 * 1000;

/** The server's window for a scheduled post (backend social/rules/post.rs), with its messages. */
export const SCHEDULE_MIN_MS = 10 * MINUTE_MS;
export const SCHEDULE_MAX_MS = 90 * 24 * 60 * MINUTE_MS;
export const SCHEDULE_MESSAGES = {
  tooSoon: 'Schedule a post at least 10 minutes ahead',
  tooLate: 'Schedule a post at most 90 days ahead',
  missing: 'Pick a date and time',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** `date` as a `datetime-local` field's value in the local zone: '2026-12-01T10:00'. */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value ('2026-12-01T10:00') as that moment in the local zone; null when it is not one. */
export function fromLocalInputValue(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  const date = new Date(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `date` as RFC 3339 in the local zone, with its offset on that day: '2026-12-01T10:00:00+01:00'. */
export function toOffsetDateTime(date: Date): string {
  // getTimezoneOffset is minutes *behind* UTC (-60 in Paris in winter), on that date (summer time).
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${toLocalInputValue(date)}:${pad(date.getSeconds())}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The default time offered: an hour from now, on the minute. */
export function defaultScheduleTime(now: Date = new Date()): Date {
  const at = new Date(now.getTime() + 60 * MINUTE_MS);
  at.setSeconds(0, 0);
  return at;
}

/** What is wrong with scheduling at `at` (the server's words), or null when it may be sent. */
export function scheduleProblem(at: Date | null, now: Date = new Date()): string | null {
  if (!at) return SCHEDULE_MESSAGES.missing;
  if (at.getTime() < now.getTime() + SCHEDULE_MIN_MS) return SCHEDULE_MESSAGES.tooSoon;
  if (at.getTime() > now.getTime() + SCHEDULE_MAX_MS) return SCHEDULE_MESSAGES.tooLate;
  return null;
}

/** The user's time zone's name ('Europe/Paris'), for the dialog to say whose time it is. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A scheduled time in the user's zone: 'Tue, Dec 1, 10:00 AM' (with the year when it is another year's). */
export function formatScheduledTime(at: string | Date, now: Date = new Date()): string {
  const date = new Date(at);
  return date.toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}),
    hour: 'numeric',
    minute: '2-digit',
  });
}

//! Relative times, shared by every feature that shows one (issue 43: '24m', '3h', '2d', then a
//! date, as Instagram writes them; never 'just now' for 24 minutes). `relativeTime` is the
//! compact label beside a post, a comment, a story, a notification or a conversation;
//! `timeAgo` is the same measure inside a sentence ('Last seen 5m ago', 'Last active just now').
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** From a week on, a date says more than a count of days. */
const WEEK_MS = 7 * DAY_MS;

/** 'Nov 3', or 'Nov 3, 2025' outside the current year. */
function shortDate(at: Date, now: Date): string {
  const sameYear = at.getFullYear() === now.getFullYear();
  return at.toLocaleDateString('en-US', sameYear ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', year: 'numeric' });
}

/** Elapsed time in its largest whole unit below a week ('24m', '3h', '2d'); null from a week on. */
function elapsedLabel(elapsed: number): string | null {
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h`;
  if (elapsed < WEEK_MS) return `${Math.floor(elapsed / DAY_MS)}d`;
  return null;
}

/**
 * Under 1 minute 'now' (also a clock a little ahead of ours, or a bad date), then '24m', '3h',
 * '2d' (whole units, under a week), then the date ('Nov 3'; 'Nov 3, 2025' in another year).
 */
export function relativeTime(at: string | Date, now: Date = new Date()): string {
  const date = new Date(at);
  const elapsed = now.getTime() - date.getTime();
  if (!(elapsed >= MINUTE_MS)) return 'now';
  return elapsedLabel(elapsed) ?? shortDate(date, now);
}

/**
 * The same measure inside a sentence: 'just now' under a minute, then '5m ago', '3h ago',
 * '2d ago', and 'on Nov 3' from a week on.
 */
export function timeAgo(at: string | Date, now: Date = new Date()): string {
  const date = new Date(at);
  const elapsed = now.getTime() - date.getTime();
  if (!(elapsed >= MINUTE_MS)) return 'just now';
  const label = elapsedLabel(elapsed);
  return label ? `${label} ago` : `on ${shortDate(date, now)}`;
}

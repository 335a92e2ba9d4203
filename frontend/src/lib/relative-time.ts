//! Relative time of a post or story, shared by every feature that shows one, and
//! the chat's finer one (presence and the conversation list).
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Under 1 hour 'just now', under 24 hours 'Nh ago', otherwise 'Nd ago'. */
export function relativeTime(createdAt: string | Date, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(createdAt).getTime();
  if (!(elapsed >= HOUR_MS)) return 'just now'; // also a clock a little ahead of ours, or a bad date
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  return `${Math.floor(elapsed / DAY_MS)}d ago`;
}

/**
 * To the minute, for the chat ('Last seen …', the conversation list), where an hour of 'just
 * now' misleads: under 1 minute 'just now', under 1 hour 'Nm ago', then as the posts' rule,
 * 'Nh ago' under 24 hours and 'Nd ago' after.
 */
export function minuteRelativeTime(at: string | Date, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(at).getTime();
  if (!(elapsed >= MINUTE_MS)) return 'just now'; // also a clock a little ahead of ours, or a bad date
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  return relativeTime(at, now);
}

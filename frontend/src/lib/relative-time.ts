//! Relative time of a post or story (spec 000 §9), shared by every feature that shows one.
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Spec 000 §9: under 1 hour 'just now', under 24 hours 'Nh ago', otherwise 'Nd ago'. */
export function relativeTime(createdAt: string | Date, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(createdAt).getTime();
  if (!(elapsed >= HOUR_MS)) return 'just now'; // also a clock a little ahead of ours, or a bad date
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  return `${Math.floor(elapsed / DAY_MS)}d ago`;
}

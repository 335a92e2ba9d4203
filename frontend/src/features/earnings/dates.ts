//! Dates as the earnings page writes them.

/** 'Mar 4, 2026', or 'Unknown date' when the server sent none (or nothing readable). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return 'Unknown date';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown date';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** A summary's UTC day ('2026-03-04') as the chart's axis shows it: 'Mar 4'. */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A count as a badge shows it: the number, '99+' from 100 (the server counts unread things to 100). */
export function countText(count: number): string {
  return count >= 100 ? '99+' : String(count);
}

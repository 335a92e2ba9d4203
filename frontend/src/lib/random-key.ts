/**
 * A random Idempotency-Key: a UUID where the browser has one (secure contexts), else 128 random
 * bits in hex (a page served over plain http on a LAN address has no `crypto.randomUUID`).
 */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

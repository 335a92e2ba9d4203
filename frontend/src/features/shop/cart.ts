//! The cart (spec 001 §3, §4): lines kept in local storage under `atelier.cart`, so they survive
//! a reload, and shared by every component through one small store. Each line may carry the
//! Idempotency-Key its order was first sent with (docs/shop-contract.md): a retried checkout then
//! reuses it and the server answers the first order instead of ordering twice.
import { useSyncExternalStore } from 'react';

export const CART_STORAGE_KEY = 'atelier.cart';
/** The server takes 1–99 of a product per order. */
export const MAX_QUANTITY = 99;

export interface CartLine {
  /** The product id. */
  id: number;
  name: string;
  /** Cents, as the catalogue said when the line was added (the server prices the order). */
  price: number;
  quantity: number;
  imageUrl: string;
  /** Set when checkout first sends the line; dropped when the quantity changes. */
  idempotencyKey?: string;
}

function isLine(value: unknown): value is CartLine {
  const line = value as CartLine;
  return (
    typeof line === 'object' &&
    line !== null &&
    Number.isInteger(line.id) &&
    typeof line.name === 'string' &&
    Number.isInteger(line.price) &&
    Number.isInteger(line.quantity) &&
    line.quantity >= 1 &&
    typeof line.imageUrl === 'string' &&
    (line.idempotencyKey === undefined || typeof line.idempotencyKey === 'string')
  );
}

function read(): CartLine[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isLine) : [];
  } catch {
    return [];
  }
}

let lines: CartLine[] | null = null;
const listeners = new Set<() => void>();

function current(): CartLine[] {
  lines ??= read();
  return lines;
}

function write(next: CartLine[]): void {
  lines = next;
  try {
    if (next.length === 0) localStorage.removeItem(CART_STORAGE_KEY);
    else localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: the cart still works for this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the cart.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
    lines = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const cart = {
  lines: current,
  /** Adds one of the product: an existing line gets +1 (up to 99). */
  add(product: { id: number; name: string; price: number; imageUrl: string }): void {
    const existing = current().find((line) => line.id === product.id);
    if (existing) {
      cart.setQuantity(product.id, Math.min(existing.quantity + 1, MAX_QUANTITY));
      return;
    }
    write([...current(), { id: product.id, name: product.name, price: product.price, imageUrl: product.imageUrl, quantity: 1 }]);
  },
  /** A new quantity; 0 (or less) removes the line. A changed quantity is a new order: its key goes. */
  setQuantity(id: number, quantity: number): void {
    if (quantity <= 0) {
      cart.remove(id);
      return;
    }
    const clamped = Math.min(Math.trunc(quantity), MAX_QUANTITY);
    write(
      current().map((line) =>
        line.id === id && line.quantity !== clamped ? { id, name: line.name, price: line.price, imageUrl: line.imageUrl, quantity: clamped } : line,
      ),
    );
  },
  remove(id: number): void {
    write(current().filter((line) => line.id !== id));
  },
  /** Gives every line without one an Idempotency-Key (checkout starting); answers the lines. */
  assignKeys(newKey: () => string = randomKey): CartLine[] {
    const next = current().map((line) => (line.idempotencyKey ? line : { ...line, idempotencyKey: newKey() }));
    write(next);
    return next;
  },
  clear(): void {
    write([]);
  },
  /** For tests: forget the in-memory copy so the next read comes from storage. */
  reload(): void {
    lines = read();
    for (const listener of listeners) listener();
  },
};

/** The number of items (sum of quantities): the cart badge. */
export function cartCount(cartLines: readonly CartLine[]): number {
  return cartLines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Cents: the sum of price × quantity. */
export function cartTotal(cartLines: readonly CartLine[]): number {
  return cartLines.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

/** A random key for one order: a UUID where the browser has one (secure contexts), else 128 random bits. */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function useCart(): CartLine[] {
  return useSyncExternalStore(subscribe, current, () => []);
}

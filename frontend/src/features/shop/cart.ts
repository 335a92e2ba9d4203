//! The cart (docs/shop-contract.md): each user's lines kept in local storage under
//! `atelier.cart.{userId}` (lib/user-storage.ts), so they survive a reload but never show to
//! another account signed in on the same browser; signing out or deactivating forgets them. One
//! small store per user is shared by every component. Each line may carry the Idempotency-Key its
//! order was first sent with (docs/shop-contract.md): a retried checkout then reuses it and the
//! server answers the first order instead of ordering twice. A creator's digital work is bought
//! one at a time (docs/economy-contract.md, slice 3): its line never goes past 1.
//! A line's price is the one the buyer was shown: checkout sends it, and the server refuses the
//! line when its price is another (issue 39); `reprice` takes the server's current prices.
import { useSyncExternalStore } from 'react';
import { randomKey } from '@/lib/random-key';
import { onForgetUser, userStorageKey } from '@/lib/user-storage';

/** The server takes 1–99 of a product per order. */
export const MAX_QUANTITY = 99;
/** Where the cart was kept when every account on the browser shared it: removed, never read. */
const SHARED_CART_KEY = 'atelier.cart';

export function cartStorageKey(userId: number): string {
  return userStorageKey('cart', userId);
}

export interface CartLine {
  /** The product id. */
  id: number;
  name: string;
  /**
   * Cents: the price the buyer was shown (when added, or as the cart last refreshed it). Checkout
   * sends it as `expectedUnitPrice`; the server charges it or refuses the line.
   */
  price: number;
  quantity: number;
  imageUrl: string;
  /** Set when checkout first sends the line; dropped when the quantity changes. */
  idempotencyKey?: string;
  /** A digital work (issue 23): bought one at a time, so its line stays at 1. */
  digital?: true;
}

/** What `add` takes: a product of the catalogue or a creator's work. */
export interface Addable {
  id: number;
  name: string;
  price: number;
  imageUrl: string;
  kind?: 'physical' | 'digital';
}

/** What `reprice` takes: a product as the server has it now. */
export interface Repriced {
  id: number;
  price: number;
  name?: string;
  imageUrl?: string;
}

export interface Cart {
  lines(): CartLine[];
  /**
   * Adds one of the product: an existing line gets +1. False when its line is already at its
   * limit (99, or 1 for a digital work): nothing added.
   */
  add(product: Addable): boolean;
  /**
   * A new quantity (at most the line's limit); 0 (or less) removes the line. A changed quantity
   * is a new order: its key goes.
   */
  setQuantity(id: number, quantity: number): void;
  remove(id: number): void;
  /**
   * Takes the server's current prices (and names and pictures) of the lines among `current`; a
   * line whose price changed drops its Idempotency-Key (another order). Answers those lines, as
   * they are now.
   */
  reprice(current: readonly Repriced[]): CartLine[];
  /** Gives every line without one an Idempotency-Key (checkout starting); answers the lines. */
  assignKeys(newKey?: () => string): CartLine[];
  clear(): void;
  /** Forgets the in-memory copy: the next read comes from storage. */
  reload(): void;
  subscribe(listener: () => void): () => void;
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
    (line.idempotencyKey === undefined || typeof line.idempotencyKey === 'string') &&
    (line.digital === undefined || (line.digital === true && line.quantity === 1))
  );
}

function createCart(storageKey: string): Cart {
  let lines: CartLine[] | null = null;
  const listeners = new Set<() => void>();

  const read = (): CartLine[] => {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isLine) : [];
    } catch {
      return [];
    }
  };
  const current = (): CartLine[] => {
    lines ??= read();
    return lines;
  };
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const write = (next: CartLine[]): void => {
    lines = next;
    try {
      if (next.length === 0) localStorage.removeItem(storageKey);
      else localStorage.setItem(storageKey, JSON.stringify(next));
    } catch {
      // Storage full or refused: the cart still works for this page.
    }
    notify();
  };

  const cart: Cart = {
    lines: current,
    add(product) {
      const existing = current().find((line) => line.id === product.id);
      if (existing) {
        if (existing.quantity >= lineLimit(existing)) return false;
        cart.setQuantity(product.id, existing.quantity + 1);
        return true;
      }
      const line: CartLine = { id: product.id, name: product.name, price: product.price, imageUrl: product.imageUrl, quantity: 1 };
      if (product.kind === 'digital') line.digital = true;
      write([...current(), line]);
      return true;
    },
    setQuantity(id, quantity) {
      if (quantity <= 0) {
        cart.remove(id);
        return;
      }
      write(
        current().map((line) => {
          const clamped = Math.min(Math.trunc(quantity), lineLimit(line));
          if (line.id !== id || line.quantity === clamped) return line;
          const changed: CartLine = { id, name: line.name, price: line.price, imageUrl: line.imageUrl, quantity: clamped };
          if (line.digital) changed.digital = true;
          return changed;
        }),
      );
    },
    remove(id) {
      write(current().filter((line) => line.id !== id));
    },
    reprice(now) {
      const byId = new Map(now.map((product) => [product.id, product]));
      const changed: CartLine[] = [];
      let touched = false;
      const next = current().map((line) => {
        const product = byId.get(line.id);
        if (!product) return line;
        const name = product.name ?? line.name;
        const imageUrl = product.imageUrl ?? line.imageUrl;
        if (product.price === line.price && name === line.name && imageUrl === line.imageUrl) return line;
        touched = true;
        if (product.price === line.price) return { ...line, name, imageUrl };
        const { idempotencyKey: _dropped, ...rest } = line;
        const updated: CartLine = { ...rest, name, imageUrl, price: product.price };
        changed.push(updated);
        return updated;
      });
      if (touched) write(next);
      return changed;
    },
    assignKeys(newKey = randomKey) {
      const next = current().map((line) => (line.idempotencyKey ? line : { ...line, idempotencyKey: newKey() }));
      write(next);
      return next;
    },
    clear() {
      write([]);
    },
    reload() {
      lines = read();
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      // Another tab changed the cart.
      const onStorage = (event: StorageEvent) => {
        if (event.key !== storageKey && event.key !== null) return;
        lines = read();
        listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
  return cart;
}

const carts = new Map<number, Cart>();

/** The user's cart: one store per user, made on first use. */
export function cartOf(userId: number): Cart {
  let cart = carts.get(userId);
  if (!cart) {
    try {
      localStorage.removeItem(SHARED_CART_KEY);
    } catch {
      // Storage refused: nothing was kept there either.
    }
    cart = createCart(cartStorageKey(userId));
    carts.set(userId, cart);
  }
  return cart;
}

// Signed out or deactivated: the stored lines are gone (lib/user-storage.ts removed them); the
// in-memory copy goes too.
onForgetUser((userId) => carts.get(userId)?.reload());

/** The most of one line the cart holds: a digital work is bought one at a time, anything else up to 99. */
export function lineLimit(line: { digital?: true }): number {
  return line.digital ? 1 : MAX_QUANTITY;
}

/** The number of items (sum of quantities): the cart badge. */
export function cartCount(cartLines: readonly CartLine[]): number {
  return cartLines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Cents: the sum of price × quantity. */
export function cartTotal(cartLines: readonly CartLine[]): number {
  return cartLines.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

const noLines: CartLine[] = [];

export function useCart(cart: Cart): CartLine[] {
  return useSyncExternalStore(cart.subscribe, cart.lines, () => noLines);
}

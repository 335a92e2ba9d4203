//! Fixtures for the shop and earnings, and a fake server that records each request's headers
//! (an order's Idempotency-Key) beside its JSON body.
import { vi } from 'vitest';
import type { Balance, EarningCredit, EarningsDay, EarningsSummary, Order as EarningsOrder, Withdrawal } from '@/features/earnings/types';
import type { Checkout, Product, ProductReviews, ProductSeller, Review, Sale, ShippingAddress } from '@/features/shop/types';
import type { Tip } from '@/features/tips/types';
import type { PaymentsConfig } from '@/lib/payments-config';

let nextId = 1;

export function aProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Product ${id}`,
    description: 'A thing made by creators',
    price: 5000,
    originalPrice: null,
    imageUrl: `/media/product-${id}.png`,
    productUrl: `https://store.atelier-creators.com/products/${id}`,
    category: 'shirts',
    rating: 4.5,
    reviewCount: 10,
    stock: 20,
    inStock: true,
    badge: null,
    kind: 'physical',
    seller: null,
    ...overrides,
  };
}

/** A small catalogue in featured order, to search, filter and sort. */
export const catalogue: Product[] = [
  aProduct({ id: 1, name: 'Creator Hoodie', description: 'Warm fleece for late studio nights', price: 8999, originalPrice: 10999, category: 'hoodies', rating: 4.8, reviewCount: 124, badge: 'Best Seller' }),
  aProduct({ id: 2, name: 'Pixel Tee', description: 'Soft cotton with an 8-bit brush', price: 5000, category: 'shirts', rating: 4.2, reviewCount: 40 }),
  aProduct({ id: 3, name: 'Studio Jacket', description: 'Water-resistant shell', price: 14000, category: 'jackets', rating: 4.9, reviewCount: 12, badge: 'Limited Edition' }),
  aProduct({ id: 4, name: 'Artist Cap', description: 'Embroidered PALETTE logo', price: 5500, category: 'accessories', rating: 4.0, reviewCount: 8, stock: 3, badge: 'New Arrival' }),
  aProduct({ id: 5, name: 'Brush Tote', description: 'Canvas bag for sketchbooks', price: 6000, category: 'accessories', rating: 4.6, reviewCount: 30, stock: 0, inStock: false }),
];

/** A review of a product (issue 42), by Leo unless told. */
export function aReview(overrides: Partial<Review> = {}): Review {
  return {
    id: nextId++,
    productId: 1,
    rating: 4,
    text: 'Lovely colours',
    author: { id: 2, username: 'leo', displayName: 'Leo Park', profileImageUrl: null },
    createdAt: '2026-03-04T10:00:00Z',
    editedAt: null,
    ...overrides,
  };
}

/** GET /api/products/{id}/reviews' answer. */
export function someReviews(overrides: Partial<ProductReviews> = {}): ProductReviews {
  return { rating: null, reviewCount: 0, canReview: false, viewerReview: null, reviews: [], ...overrides };
}

export const aSeller = (overrides: Partial<ProductSeller> = {}): ProductSeller => ({
  id: 2,
  username: 'leo',
  displayName: 'Leo Park',
  profileImageUrl: null,
  ...overrides,
});

/** A creator's work (issue 23): sold by `seller` (Leo by default), no external page; a digital one has no stock. */
export function aWork(overrides: Partial<Product> = {}): Product {
  const digital = overrides.kind === 'digital';
  return aProduct({
    category: digital ? 'digital' : 'prints',
    productUrl: '',
    rating: null,
    reviewCount: 0,
    stock: digital ? null : 10,
    seller: aSeller(),
    ...overrides,
  });
}

export function aSale(overrides: Partial<Sale> = {}): Sale {
  return {
    id: nextId++,
    productId: 50,
    productName: 'Harbour Print',
    quantity: 1,
    totalAmount: 2500,
    credited: 2250,
    fee: 250,
    buyer: { id: 3, username: 'fan', displayName: 'Fay Fan', profileImage: null },
    createdAt: '2026-03-04T10:00:00Z',
    kind: 'physical',
    status: 'paid',
    shippingAddress: null,
    shippedAt: null,
    trackingNote: null,
    ...overrides,
  };
}

/**
 * The handler of GET /api/products: the house catalogue without a filter, `creators` for
 * `?source=creators` (pages by `before`, each page given with its next cursor), and
 * `bySeller[id]` for `?seller=id`.
 */
export function productsRoute({
  house = [],
  creators = [[]],
  bySeller = {},
}: {
  house?: Product[];
  /** Pages of creators' works: the first answers no cursor, page n answers `before=c{n}`. */
  creators?: Product[][];
  bySeller?: Record<number, Product[]>;
}): Handler {
  return ({ url }) => {
    const ids = url.searchParams.get('ids');
    if (ids !== null) {
      const wanted = new Set(ids.split(',').map(Number));
      const all = [...house, ...creators.flat(), ...Object.values(bySeller).flat()];
      const found = new Map(all.filter((p) => wanted.has(p.id)).map((p) => [p.id, p]));
      return jsonAnswer([...found.values()].sort((a, b) => a.id - b.id));
    }
    const source = url.searchParams.get('source');
    const seller = url.searchParams.get('seller');
    if (source === 'creators') {
      const before = url.searchParams.get('before');
      const index = before ? Number(before.slice(1)) : 0;
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (index + 1 < creators.length) headers['X-Next-Cursor'] = `c${index + 1}`;
      return new Response(JSON.stringify(creators[index] ?? []), { status: 200, headers });
    }
    if (seller !== null) return jsonAnswer(bySeller[Number(seller)] ?? []);
    return jsonAnswer(house);
  };
}

function jsonAnswer(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

export function anOrder(overrides: Partial<EarningsOrder> = {}): EarningsOrder {
  return {
    id: nextId++,
    productId: 1,
    productName: 'Creator Hoodie',
    quantity: 1,
    unitPrice: 8999,
    totalAmount: 8999,
    paymentMethod: 'stripe',
    status: 'paid',
    createdAt: '2026-03-04T10:00:00Z',
    kind: 'physical',
    downloadUrl: null,
    ...overrides,
  };
}

export function aBalance(overrides: Partial<Balance> = {}): Balance {
  return { availableBalance: 125000, pendingBalance: 0, totalEarnings: 125000, ...overrides };
}

export function aWithdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: nextId++,
    amount: 10000,
    processingFee: 250,
    netAmount: 9750,
    paymentMethod: 'bank_transfer',
    accountDetails: { accountHolder: 'Maya Chen', accountNumberLast4: '6789', routingNumber: '021000021', email: null },
    status: 'pending',
    requestedAt: '2026-03-05T09:00:00Z',
    processedAt: null,
    notes: null,
    testMode: false,
    ...overrides,
  };
}

/**
 * A summary of the `days` UTC days ending on `today`, oldest first, every day present; `credits`
 * puts amounts on given days. The totals add the days up; `fees` is given.
 */
export function aSummary({
  days = 30,
  today = '2026-03-04',
  credits = {},
  fees = 0,
}: { days?: number; today?: string; credits?: Record<string, Partial<Omit<EarningsDay, 'date'>>>; fees?: number } = {}): EarningsSummary {
  const end = Date.parse(`${today}T00:00:00Z`);
  const list: EarningsDay[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const date = new Date(end - i * 86_400_000).toISOString().slice(0, 10);
    list.push({ date, sales: 0, tips: 0, other: 0, ...credits[date] });
  }
  const sum = (key: 'sales' | 'tips' | 'other') => list.reduce((total, day) => total + day[key], 0);
  return { days: list, totals: { sales: sum('sales'), tips: sum('tips'), other: sum('other'), fees } };
}

export function aTip(overrides: Partial<Tip> = {}): Tip {
  return {
    id: nextId++,
    toUser: { id: 2, username: 'leo', displayName: 'Leo Park', profileImage: null },
    amount: 500,
    fee: 50,
    postId: null,
    reelId: null,
    message: 'Thank you',
    createdAt: '2026-03-04T10:00:00Z',
    status: 'paid',
    ...overrides,
  };
}

export function aCredit(overrides: Partial<EarningCredit> = {}): EarningCredit {
  return {
    id: nextId++,
    source: 'tip',
    amount: 450,
    fee: 50,
    fromUser: { id: 3, username: 'fan', displayName: 'Fay Fan', profileImage: null },
    note: 'Love your work',
    postId: 7,
    reelId: null,
    orderId: null,
    createdAt: '2026-03-04T10:00:00Z',
    ...overrides,
  };
}

export type Handler = (request: { body: unknown; url: URL; headers: Record<string, string>; form: FormData | null }) => Response | Promise<Response>;

/**
 * A fetch stand-in answering `'{METHOD} {path}'` keys (query strings ignored); anything else is
 * a 404. `calls(key)` gives each request's URL, parsed JSON body and headers.
 */
export function serveApi(routes: Record<string, Handler>) {
  const seen: Array<{ key: string; url: URL; body: unknown; headers: Record<string, string> }> = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://app.test');
    const method = init?.method ?? 'GET';
    const key = `${method} ${url.pathname}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const form = init?.body instanceof FormData ? init.body : null;
    const headers = { ...(init?.headers as Record<string, string> | undefined) };
    seen.push({ key, url, body, headers });
    const handler = routes[key];
    return handler ? handler({ body, url, headers, form }) : new Response('{"message":"Not found","code":"not_found"}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls: (key: string) => seen.filter((call) => call.key === key),
  };
}

/** GET /api/payments/config's answer: the built-in test provider unless told otherwise (issue 42). */
export function aPaymentsConfig(overrides: Partial<PaymentsConfig> = {}): PaymentsConfig {
  return { provider: 'test', testMode: true, publishableKey: null, ...overrides };
}

/** Live Stripe: real money moves, so no screen says test mode. */
export const LIVE_PAYMENTS: PaymentsConfig = { provider: 'stripe', testMode: false, publishableKey: 'pk_live_abc' };

/** A `{message, code}` error answer. */
export function apiError(status: number, message: string, code = 'error'): Response {
  return new Response(JSON.stringify({ message, code }), { status, headers: { 'Content-Type': 'application/json' } });
}

export const anAddress = (overrides: Partial<ShippingAddress> = {}): ShippingAddress => ({
  name: 'Maya Lin',
  line1: '12 Harbour Road',
  line2: null,
  city: 'Lisbon',
  postalCode: '1100-001',
  country: 'PT',
  ...overrides,
});

/** A checkout (issue 42) of `lines` as the server answers it, pending payment unless told. */
export function aCheckout(lines: Array<{ productId: number; quantity: number; expectedUnitPrice: number }>, overrides: Partial<Checkout> = {}): Checkout {
  const total = lines.reduce((sum, line) => sum + line.expectedUnitPrice * line.quantity, 0);
  return {
    id: 5,
    status: 'pending_payment',
    lines: lines.map((line) => ({
      productId: line.productId,
      productName: catalogue.find((p) => p.id === line.productId)?.name ?? `Product ${line.productId}`,
      kind: 'physical',
      imageUrl: null,
      quantity: line.quantity,
      unitPrice: line.expectedUnitPrice,
      total: line.expectedUnitPrice * line.quantity,
      sellerUsername: null,
      orderId: null,
      downloadUrl: null,
      shippedAt: null,
      trackingNote: null,
    })),
    subtotal: total,
    shipping: 0,
    fees: 0,
    total,
    currency: 'usd',
    shippingAddress: anAddress(),
    card: null,
    failureMessage: null,
    testMode: true,
    expiresAt: '2026-03-04T10:15:00Z',
    createdAt: '2026-03-04T10:00:00Z',
    paidAt: null,
    ...overrides,
  };
}

/**
 * The checkout's routes as the test provider answers them (checkout 5): the address remembered,
 * the lines opened as sent, 4242… pays, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 asks
 * for the confirmation step.
 */
export function checkoutRoutes(saved: ShippingAddress | null = null): Record<string, Handler> {
  let address = saved;
  let opened: Checkout | null = null;
  const paid = () => {
    opened = { ...opened!, status: 'paid', paidAt: '2026-03-04T10:01:00Z', lines: opened!.lines.map((l, i) => ({ ...l, orderId: 100 + i })) };
    return new Response(JSON.stringify(opened), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  return {
    'GET /api/user/shipping-address': () => new Response(JSON.stringify(address), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    'PUT /api/user/shipping-address': ({ body }) => {
      address = body as ShippingAddress;
      return new Response(JSON.stringify(address), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
    'POST /api/checkouts': ({ body }) => {
      opened = aCheckout((body as { lines: Array<{ productId: number; quantity: number; expectedUnitPrice: number }> }).lines, {
        shippingAddress: address,
      });
      return new Response(JSON.stringify(opened), { status: 201, headers: { 'Content-Type': 'application/json' } });
    },
    'POST /api/checkouts/5/pay': ({ body }) => {
      const { number } = (body as { card: { number: string } }).card;
      const last4 = number.slice(-4);
      opened = { ...opened!, card: { brand: 'visa', last4 } };
      if (number === '4000000000000002') return apiError(402, 'Your card was declined.', 'card_declined');
      if (number === '4000002760003184') {
        opened = { ...opened, status: 'requires_action' };
        return new Response(JSON.stringify(opened), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }
      return paid();
    },
    'POST /api/checkouts/5/confirm': ({ body }) =>
      (body as { completed: boolean }).completed ? paid() : apiError(402, 'We are unable to authenticate your payment method.', 'card_declined'),
  };
}

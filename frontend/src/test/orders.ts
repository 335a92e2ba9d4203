//! Fixtures for the buyer's orders (issue 42): a checkout and its lines as GET /api/checkouts
//! answers them.
import type { Checkout, CheckoutLine } from '@/features/orders/types';

export function aLine(overrides: Partial<CheckoutLine> = {}): CheckoutLine {
  return {
    productId: 201,
    productName: 'Harbour Print',
    kind: 'physical',
    imageUrl: '/media/product-201.png',
    quantity: 1,
    unitPrice: 2500,
    total: 2500,
    sellerUsername: 'leo',
    orderId: 501,
    downloadUrl: null,
    shippedAt: null,
    trackingNote: null,
    ...overrides,
  };
}

export function aCheckout(overrides: Partial<Checkout> = {}): Checkout {
  return {
    id: 42,
    status: 'paid',
    lines: [aLine()],
    subtotal: 2500,
    shipping: 0,
    fees: 0,
    total: 2500,
    currency: 'usd',
    shippingAddress: { name: 'Maya Chen', line1: '12 Harbour Road', line2: null, city: 'Lisbon', postalCode: '1100-001', country: 'PT' },
    card: { brand: 'visa', last4: '4242' },
    failureMessage: null,
    testMode: true,
    expiresAt: '2026-03-04T10:15:00Z',
    createdAt: '2026-03-04T10:00:00Z',
    paidAt: '2026-03-04T10:01:00Z',
    ...overrides,
  };
}

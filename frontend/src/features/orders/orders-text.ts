//! Every user-visible string of Settings › Orders and the receipt (issue 42) in one place.
import type { CheckoutStatus } from './types';

export const ORDERS_TEXT = {
  title: 'Orders',
  back: 'Settings',
  listLabel: 'Your orders',
  loadFailed: 'Failed to load your orders',
  empty: 'No orders yet',
  emptyHint: 'What you buy in the shop shows here, with its receipt.',
  receiptFailed: 'Failed to load this order',
  notFound: 'Order not found',
  allOrders: 'All orders',
  status: {
    paid: 'Paid',
    failed: 'Payment failed',
    expired: 'Expired',
    pending_payment: 'Awaiting payment',
    requires_action: 'Needs confirmation',
  } satisfies Record<CheckoutStatus, string>,
  house: 'Atelier',
  download: 'Download',
  notShipped: 'Not shipped yet',
  shipped: (date: string) => `Shipped ${date}`,
  digital: 'Digital download',
  shippingTo: 'Shipping to',
  payment: 'Payment',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  free: 'Free',
  fees: 'Fees',
  total: 'Total',
  testMode: 'Test mode — no real money moves',
} as const;

/** 'Mar 4, 2026', or 'Unknown date'. */
export function orderDate(iso: string | null | undefined): string {
  const date = new Date(iso ?? '');
  if (Number.isNaN(date.getTime())) return 'Unknown date';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

//! /settings/orders (Settings › Orders, issue 42): the session user's orders, newest first, each
//! opening its receipt.
import { Link } from 'wouter';
import { OrdersList } from '@/features/orders/components/orders-list';

export default function OrdersPage() {
  return (
    <main className="mx-auto w-full max-w-3xl space-y-4 px-4 pt-6 pb-8">
      <Link href="/settings" className="inline-flex min-h-11 items-center text-sm font-semibold text-fuchsia-300 hover:underline">
        ← Settings
      </Link>
      <h1 className="text-2xl font-bold text-white">Orders</h1>
      <OrdersList />
    </main>
  );
}

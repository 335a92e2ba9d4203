//! /orders/{id} (issue 42): an order's receipt; a shipped-order notification opens it.
import { Redirect, useParams } from 'wouter';
import { OrderReceipt } from '@/features/orders/components/order-receipt';

export default function OrderPage() {
  const { id } = useParams<{ id: string }>();
  const orderId = Number(id);
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return <Redirect to="/settings/orders" replace />;
  return (
    <main className="mx-auto w-full max-w-3xl px-4 pt-6 pb-8">
      <OrderReceipt key={orderId} id={orderId} />
    </main>
  );
}

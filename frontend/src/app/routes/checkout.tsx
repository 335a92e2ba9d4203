//! /checkout (issue 42): the checkout as a page, where a desktop's cart goes; an order refreshes
//! the earnings screen's Recent Orders, as the shop's does.
import { useQueryClient } from '@tanstack/react-query';
import { earningsKeys } from '@/features/earnings/api/keys';
import { CheckoutScreen } from '@/features/shop/components/checkout-screen';

export default function CheckoutPage() {
  const queryClient = useQueryClient();
  return <CheckoutScreen onOrdered={() => void queryClient.invalidateQueries({ queryKey: earningsKeys.orders() })} />;
}

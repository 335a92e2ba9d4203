//! /earnings (docs/shop-contract.md), reached from the own profile's 'Earnings' button.
import { EarningsScreen } from '@/features/earnings/components/earnings-screen';

export default function EarningsPage() {
  return <EarningsScreen />;
}

//! /earnings (spec 001 §2 Earnings), reached from the own profile's 'Earnings' button.
import { EarningsScreen } from '@/features/earnings/components/earnings-screen';

export default function EarningsPage() {
  return <EarningsScreen />;
}

//! /earnings (docs/shop-contract.md), reached from the own profile's 'Earnings' button: the
//! creator's earnings, then the tips the user sent (issue 42).
import { EarningsScreen } from '@/features/earnings/components/earnings-screen';
import { SentTips } from '@/features/tips/components/sent-tips';

export default function EarningsPage() {
  return (
    <EarningsScreen>
      <SentTips />
    </EarningsScreen>
  );
}

//! /reels (docs/shop-contract.md); `?reel={id}` opens at that reel.
import { ReelsScreen } from '@/features/reels/components/reels-screen';

export default function ReelsPage() {
  return <ReelsScreen />;
}

//! /reels (spec 001 §2 Reels); `?reel={id}` opens at that reel.
import { ReelsScreen } from '@/features/reels/components/reels-screen';

export default function ReelsPage() {
  return <ReelsScreen />;
}

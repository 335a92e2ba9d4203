//! /create-reel (the create chooser's 'Video Post'): a posted reel opens in the pager.
import { useLocation } from 'wouter';
import { CreateReelScreen } from '@/features/reels/components/create-reel-screen';

export default function CreateReelPage() {
  const [, navigate] = useLocation();
  return (
    <main>
      <CreateReelScreen onClose={() => navigate('/')} onCreated={(reel) => navigate(`/reels?reel=${reel.id}`)} />
    </main>
  );
}

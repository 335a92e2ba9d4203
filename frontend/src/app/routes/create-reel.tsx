//! /create-reel (the create chooser's 'Video Post', the pager's '+ New reel'): a posted reel
//! opens in the pager; closing goes back to the page that opened it, or to '/' when it was not
//! opened from within the app.
import { useLocation } from 'wouter';
import { CreateReelScreen } from '@/features/reels/components/create-reel-screen';
import { closeToOpener } from '@/lib/opened-in-app';

export default function CreateReelPage() {
  const [, navigate] = useLocation();
  return (
    <main>
      <CreateReelScreen onClose={() => closeToOpener(navigate, '/')} onCreated={(reel) => navigate(`/reels?reel=${reel.id}`)} />
    </main>
  );
}

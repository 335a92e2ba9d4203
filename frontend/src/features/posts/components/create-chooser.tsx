//! The floating create button and its chooser: Photo and
//! Text posts go to /create, Video Post to /create-reel (issue 9), Story to /create-story; each
//! choice closes the dialog first. The open state is the page's, so other entry points (Quick Create's New Project) open it too.
import { Camera, CirclePlus, Plus, Type, Video, type LucideIcon } from 'lucide-react';
import { useLocation } from 'wouter';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { OPENED_IN_APP } from '@/lib/opened-in-app';

const CHOICES: Array<{ label: string; href: string; icon: LucideIcon }> = [
  { label: 'Photo Post', href: '/create', icon: Camera },
  { label: 'Video Post', href: '/create-reel', icon: Video },
  { label: 'Text Post', href: '/create', icon: Type },
  { label: 'Story', href: '/create-story', icon: CirclePlus },
];

export function CreateChooser({
  open,
  onOpenChange,
  floatingButton = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The floating '+' that opens it; off where another button does (the profile's 'Share your first post'). */
  floatingButton?: boolean;
}) {
  const [, navigate] = useLocation();

  const choose = (href: string) => {
    onOpenChange(false);
    // Marked as opened from here, so a screen that closes back to its opener (New Reel) can.
    navigate(href, { state: OPENED_IN_APP });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {floatingButton && (
        <div className="pointer-events-none fixed inset-x-0 bottom-20 z-30 mx-auto flex w-full max-w-[480px] lg:bottom-6 lg:left-60 justify-end px-4 pb-[env(safe-area-inset-bottom)]">
          <DialogTrigger
            aria-label="Create"
            className="pointer-events-auto grid size-14 place-items-center rounded-full bg-gradient-to-br from-fuchsia-500 via-purple-500 to-indigo-500 text-white shadow-lg shadow-purple-900/50 transition hover:brightness-110 active:scale-95"
          >
            <Plus aria-hidden="true" className="size-7" />
          </DialogTrigger>
        </div>
      )}
      <DialogContent>
        <DialogTitle>Create</DialogTitle>
        <DialogDescription>What would you like to share?</DialogDescription>
        <ul className="mt-4 grid grid-cols-2 gap-3">
          {CHOICES.map(({ label, href, icon: Icon }) => (
            <li key={label}>
              <button
                type="button"
                onClick={() => choose(href)}
                className="flex min-h-24 w-full flex-col items-center justify-center gap-2 rounded-xl border border-white/10 bg-white/5 p-3 text-sm font-medium text-zinc-100 transition hover:bg-white/10"
              >
                <Icon aria-hidden="true" className="size-6 text-fuchsia-300" />
                {label}
              </button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

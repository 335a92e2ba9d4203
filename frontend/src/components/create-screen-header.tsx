//! The header shared by Create Post, Create Story and New Reel: a close button, the title, an
//! optional button of the screen's own beside Share (New Reel's 'Save as draft'), the Share
//! submit button ('Sharing...' while pending) and the upload progress under it.
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';

export function CreateScreenHeader({
  title,
  onClose,
  busy,
  pending,
  progress,
  beside,
}: {
  title: string;
  onClose: () => void;
  /** Share is disabled (a request is pending or a picked image is being processed). */
  busy: boolean;
  /** The request is on its way: the button reads 'Sharing...'. */
  pending: boolean;
  /** Fraction (0..1) of the body uploaded, or null when nothing is being sent. */
  progress: number | null;
  /** A button shown before Share. */
  beside?: ReactNode;
}) {
  return (
    <>
      <header className="sticky top-0 z-20 flex items-center gap-2 border-b border-white/10 bg-zinc-950/90 px-2 py-1 backdrop-blur">
        <IconButton label="Close" icon={X} onClick={onClose} className="text-zinc-300 hover:bg-white/5 hover:text-white" />
        <h1 className="min-w-0 flex-1 truncate text-center text-lg font-semibold whitespace-nowrap text-white max-[399px]:text-base">{title}</h1>
        {beside}
        <Button type="submit" disabled={busy} className="min-w-20">
          {pending ? 'Sharing...' : 'Share'}
        </Button>
      </header>

      {progress !== null && (
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          className="h-1 w-full bg-white/5"
        >
          <div
            className="h-full bg-gradient-to-r from-fuchsia-500 to-indigo-500 transition-[width]"
            style={{ width: `${Math.round(progress * 100)}%` }}
          />
        </div>
      )}
    </>
  );
}

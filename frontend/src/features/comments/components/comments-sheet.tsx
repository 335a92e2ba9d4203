//! The comments over a post card or a reel (issue 19): on a phone a bottom sheet of 85 % of
//! the screen with the composer at its foot (it rises with the keyboard: the sheet is sized in
//! dvh); from 1024 px a centred panel. A Radix dialog: focus is trapped, Escape closes it.
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { CommentTarget } from '@/lib/community-actions';
import type { MentionSearchHook } from './comment-composer';
import { CommentsPanel } from './comments-panel';

export function CommentsSheet({
  target,
  onClose,
  useMentionSearch,
  onCountChange,
}: {
  target: CommentTarget | null;
  onClose: () => void;
  useMentionSearch: MentionSearchHook;
  onCountChange?: (target: CommentTarget, delta: number) => void;
}) {
  return (
    <DialogPrimitive.Root open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target && (
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            className="fixed inset-x-0 bottom-0 z-50 mx-auto flex h-[85dvh] w-full max-w-[480px] flex-col overflow-hidden rounded-t-3xl border border-white/10 bg-zinc-950 text-zinc-100 shadow-2xl focus:outline-none lg:top-1/2 lg:bottom-auto lg:h-[min(80dvh,720px)] lg:max-w-[560px] lg:-translate-y-1/2 lg:rounded-3xl"
            // Following a profile or tag link leaves the sheet behind.
            onClickCapture={(event) => {
              if ((event.target as Element).closest('a')) onClose();
            }}
          >
            <div className="relative flex items-center justify-center border-b border-white/10 px-12 py-3">
              <span aria-hidden="true" className="absolute top-1.5 h-1 w-10 rounded-full bg-white/20 lg:hidden" />
              <DialogPrimitive.Title className="text-base font-semibold text-white">Comments</DialogPrimitive.Title>
              <DialogPrimitive.Close
                aria-label="Close"
                className="absolute top-1/2 right-1 grid size-11 -translate-y-1/2 place-items-center rounded-full text-zinc-400 hover:bg-white/5 hover:text-white"
              >
                <X aria-hidden="true" className="size-5" />
              </DialogPrimitive.Close>
            </div>
            <CommentsPanel
              key={`${target.kind}-${target.id}`}
              target={target}
              useMentionSearch={useMentionSearch}
              onCountChange={onCountChange ? (delta) => onCountChange(target, delta) : undefined}
              className="flex-1"
            />
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      )}
    </DialogPrimitive.Root>
  );
}

//! 'Block @username?' (issue 20): what a block does, then 'Block' or 'Cancel'. The dialog stays
//! while the server answers; a refusal shows as a toast and leaves it open to try again.
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { BlockOptions, SafetySubject } from '@/lib/safety-actions';
import { useBlockUser } from '../api/block-user';

/** A block asked for: whom, and what the asker wants after it. */
export interface BlockRequest {
  subject: SafetySubject;
  options: BlockOptions;
}

export const BLOCK_EXPLANATION =
  "They won't be able to find your profile, posts or story, or message you. They won't be told that you blocked them.";

/** `request` outlives `open` (the last one asked), so closing still knows where focus goes back. */
export function BlockDialog({
  request,
  open,
  onClose,
}: {
  request: BlockRequest | null;
  open: boolean;
  onClose: () => void;
}) {
  const block = useBlockUser();
  const username = request?.subject.username ?? '';

  const confirm = () => {
    if (!request) return;
    block.mutate(request.subject, {
      onSuccess: () => {
        onClose();
        request.options.onBlocked?.();
      },
    });
  };

  return (
    <Dialog open={open && request !== null} onOpenChange={(next) => !next && !block.isPending && onClose()}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const target = request?.options.returnFocusTo;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <DialogTitle>Block @{username}?</DialogTitle>
        <DialogDescription>{BLOCK_EXPLANATION}</DialogDescription>
        <div className="mt-5 flex gap-3">
          <DialogClose asChild>
            <Button variant="secondary" className="flex-1" disabled={block.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="danger" className="flex-1" disabled={block.isPending} onClick={confirm}>
            {block.isPending ? 'Blocking...' : 'Block'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

//! A reel's caption in a dialog (issue 44): 'Edit reel' on your reel (its caption only, not the
//! video) and 'Edit caption' on a reel draft. The caption has its counter and the server's limit;
//! Save sends it trimmed, and the dialog closes once the server agrees. A refusal shows in the
//! dialog, which keeps what was typed.
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { CaptionField } from '@/components/caption-field';
import { DialogFormActions } from '@/components/dialog-form-actions';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { captionLength, REEL_CAPTION_MAX, REEL_CAPTION_TOO_LONG } from '../reel-form';

export function CaptionDialog({
  title,
  description,
  caption,
  save,
  open,
  onOpenChange,
}: {
  title: string;
  description: string;
  /** The caption as it is. */
  caption: string;
  /** Sends the new caption. */
  save: UseMutationResult<unknown, Error, string>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (save.isPending) return;
        if (!next) save.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {/* Mounted while open: each opening starts from the caption as it is. */}
        {open && <CaptionForm caption={caption} save={save} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CaptionForm({ caption: initial, save, onDone }: { caption: string; save: UseMutationResult<unknown, Error, string>; onDone: () => void }) {
  const id = useId();
  const [caption, setCaption] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const count = captionLength(caption);
  const tooLong = count > REEL_CAPTION_MAX;
  const error = problem ?? (save.isError ? (errorMessage(save.error) ?? 'Could not save the caption. Please try again.') : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (captionLength(caption.trim()) > REEL_CAPTION_MAX) {
      setProblem(REEL_CAPTION_TOO_LONG);
      return;
    }
    setProblem(null);
    save.mutate(caption.trim(), { onSuccess: onDone });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <CaptionField id={`${id}-caption`} rows={4} value={caption} onChange={setCaption} counter={`${count}/${REEL_CAPTION_MAX}`} tooLong={tooLong} />
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <DialogFormActions pending={save.isPending} />
    </form>
  );
}

//! Editing your own text message (issue 43): its words in a box, Save and Cancel. The server
//! keeps the 15-minute window; a refusal ('Messages can only be edited within 15 minutes of
//! sending') shows under the box, which keeps what was typed.
import { useId, useState, type FormEvent } from 'react';
import { DialogFormActions } from '@/components/dialog-form-actions';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { useEditMessage } from '../api/change-message';
import { MESSAGE_MAX_LENGTH } from '../api/send-message';
import type { Message } from '../types';

export function EditMessageDialog({
  conversationId,
  message,
  onClose,
}: {
  conversationId: number;
  /** The message being edited; null when the dialog is closed. */
  message: Message | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Edit message</DialogTitle>
        <DialogDescription>Everyone in the chat sees the new words, marked edited.</DialogDescription>
        {/* Keyed: each message opens with its own words. */}
        {message && <EditForm key={message.id} conversationId={conversationId} message={message} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({ conversationId, message, onDone }: { conversationId: number; message: Message; onDone: () => void }) {
  const [text, setText] = useState(message.content);
  const edit = useEditMessage(conversationId);
  const id = useId();
  const trimmed = text.trim();
  const error = edit.isError ? (errorMessage(edit.error) ?? 'Could not edit the message. Please try again.') : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || edit.isPending) return;
    edit.mutate({ messageId: message.id, content: trimmed }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={onSubmit} className="mt-4 space-y-3">
      <label htmlFor={id} className="sr-only">
        Message
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
        className="block w-full resize-none rounded-xl border border-white/10 bg-zinc-950 px-3 py-2 text-base text-zinc-50 focus:border-fuchsia-400/70 focus:outline-none"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <DialogFormActions pending={edit.isPending} canSave={!!trimmed && trimmed !== message.content} />
    </form>
  );
}

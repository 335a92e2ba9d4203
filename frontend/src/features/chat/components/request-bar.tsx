//! Where the composer goes in a message request (issue 43, as on Instagram): who wants to message
//! you, Accept (the conversation moves to your inbox and the composer appears) and Delete (after a
//! confirmation it leaves your list). The sender is told neither; nothing is marked read here.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useAcceptRequest, useDeleteRequest } from '../api/answer-request';

export function RequestBar({ conversationId, name }: { conversationId: number; name: string }) {
  const accept = useAcceptRequest();
  const remove = useDeleteRequest();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const busy = accept.isPending || remove.isPending;
  const failed = accept.isError ? (errorMessage(accept.error) ?? 'Could not accept the request. Please try again.') : null;

  return (
    <section aria-label="Message request" className="space-y-3 border-t border-white/10 px-4 py-4 text-center">
      <p className="text-sm text-zinc-300">
        <span className="font-semibold text-white">{name}</span> wants to send you a message. They won&apos;t know you&apos;ve
        seen it until you accept.
      </p>
      {failed && (
        <p role="alert" className="text-sm text-red-300">
          {failed}
        </p>
      )}
      <div className="flex gap-3">
        <Button
          variant="secondary"
          className="flex-1"
          disabled={busy}
          onClick={() => {
            remove.reset();
            setConfirming(true);
          }}
        >
          Delete
        </Button>
        <Button className="flex-1" disabled={busy} onClick={() => accept.mutate(conversationId)}>
          {accept.isPending ? 'Accepting...' : 'Accept'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete request?"
        description={`The conversation is removed for you. ${name} won't be told.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        error={remove.isError ? (errorMessage(remove.error) ?? 'Could not delete the request. Please try again.') : undefined}
        onConfirm={() =>
          remove.mutate(conversationId, {
            onSuccess: () => {
              setConfirming(false);
              navigate('/chat');
            },
          })
        }
      />
    </section>
  );
}

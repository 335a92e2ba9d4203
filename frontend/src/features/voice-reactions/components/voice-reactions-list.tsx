//! The voice reactions of a post or reel that the viewer may hear (issue 43), in a dialog: each
//! with its sender, emotion and an audio player with its length; Delete for its sender, the
//! item's author and admins (asked first), Report (through the '⋯' menu) for anyone else; under
//! the player, what it says (issue 47: 'Transcribing…' while the server transcribes it). The
//! reactions the viewer may not hear are counted under the list, never played.
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { AuthorMenu } from '@/components/author-menu';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { VoicePlayer } from '@/components/voice-player';
import { VoiceTranscript } from '@/components/voice-transcript';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import type { CommentTarget } from '@/lib/community-actions';
import { formatMSs } from '@/lib/duration';
import { useDeleteVoiceReaction } from '../api/delete-voice-reaction';
import { useVoiceReactions } from '../api/get-voice-reactions';
import type { VoiceReaction } from '../types';
import { VOICE_EMOTIONS } from './voice-reaction-panel';

function emotionOf(reaction: VoiceReaction) {
  return VOICE_EMOTIONS.find((e) => e.id === reaction.emotion) ?? VOICE_EMOTIONS[0];
}

function DeleteReaction({ target, reaction }: { target: CommentTarget; reaction: VoiceReaction }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteVoiceReaction(target.kind, target.id, reaction.id);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) remove.reset();
      }}
      trigger={
        <Button variant="ghost" aria-label={`Delete voice reaction from @${reaction.user.username}`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      }
      title="Delete this voice reaction?"
      description="It is deleted for everyone. This cannot be undone."
      confirmLabel="Delete"
      busyLabel="Deleting…"
      busy={remove.isPending}
      error={remove.isError ? (errorMessage(remove.error) ?? 'The voice reaction was not deleted.') : null}
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: () => {
            setOpen(false);
            toast({ title: 'Voice reaction deleted' });
          },
        })
      }
    />
  );
}

function ReactionRow({ target, reaction }: { target: CommentTarget; reaction: VoiceReaction }) {
  const viewer = useUser().data;
  const { label, emoji } = emotionOf(reaction);
  const length = formatMSs(reaction.duration);
  const mayDelete = !!viewer && (viewer.id === reaction.user.id || viewer.id === target.authorId || viewer.isAdmin);
  return (
    <li className="space-y-2 rounded-xl border border-white/10 bg-white/5 p-3">
      <div className="flex items-center gap-3">
        <Avatar src={reaction.user.profileImageUrl} name={reaction.user.displayName} className="size-9" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-white">@{reaction.user.username}</p>
          <p className="text-xs text-zinc-300">
            <span aria-hidden="true">{emoji} </span>
            {label}
          </p>
        </div>
        {mayDelete && <DeleteReaction target={target} reaction={reaction} />}
        <AuthorMenu
          author={reaction.user}
          report={{ targetType: 'voice_reaction', targetId: reaction.id }}
          iconClassName="size-4"
          className="text-zinc-400 hover:bg-white/5 hover:text-white"
        />
      </div>
      <VoicePlayer src={reaction.audioUrl} seconds={reaction.duration} label={`Voice reaction from @${reaction.user.username}, ${length}`} />
      <VoiceTranscript transcript={reaction.transcript} transcribing={reaction.transcribing} />
    </li>
  );
}

export function VoiceReactionsList({
  target,
  authorName,
  open,
  onOpenChange,
}: {
  target: CommentTarget;
  /** The item's author's username, for the note about reactions kept for them. */
  authorName?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const list = useVoiceReactions(target.kind, target.id);
  const pages = list.data?.pages ?? [];
  const reactions = pages.flatMap((page) => page.items);
  const total = pages[0]?.total ?? 0;
  const unheard = list.hasNextPage ? 0 : Math.max(0, total - reactions.length);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby="voice-reactions-description">
        <DialogTitle>Voice reactions</DialogTitle>
        <DialogDescription id="voice-reactions-description">
          {total === 1 ? '1 voice reaction' : `${total.toLocaleString('en-US')} voice reactions`}
        </DialogDescription>
        {list.isPending ? (
          <div className="grid place-items-center py-8">
            <Spinner />
          </div>
        ) : list.isError ? (
          <p role="alert" className="mt-4 text-sm text-red-200">
            {errorMessage(list.error) ?? 'Could not load the voice reactions.'}
          </p>
        ) : (
          <>
            {reactions.length > 0 && (
              <ul aria-label="Voice reactions you can hear" className="mt-4 space-y-3">
                {reactions.map((reaction) => (
                  <ReactionRow key={reaction.id} target={target} reaction={reaction} />
                ))}
              </ul>
            )}
            {list.hasNextPage && (
              <Button variant="secondary" className="mt-3 w-full" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            )}
            {unheard > 0 && (
              <p className="mt-4 text-sm text-zinc-300">
                {unheard === 1 ? '1 voice reaction is' : `${unheard.toLocaleString('en-US')} voice reactions are`} private to{' '}
                {authorName ? `@${authorName}` : 'the creator'}.
              </p>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

//! 'Send to…' (issue 19): the paper plane of a post or reel opens this list of the user's
//! conversations with a search over them; 'Send' posts the item into that chat as a card, and
//! 'Copy link' copies its address (/p/{id} or /reels?reel={id}). Opened by the app shell
//! (lib/community-actions), so every card and reel shares the same way.
import { Check, Link2, Search } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { shareUrl, type ShareTarget } from '@/lib/community-actions';
import { flattenConversations } from '../api/cache';
import { useConversations } from '../api/get-conversations';
import { useShareItem } from '../api/share-item';
import { conversationTitle, isGroup, otherMembers, otherParticipant } from '../conversation';
import { GroupAvatar } from './group-avatar';

/** Whether a conversation's other person (or a group, by its name) matches the typed search (name or username). */
export function matchesSearch(user: { displayName: string; username: string }, query: string): boolean {
  const q = query.trim().toLowerCase().replace(/^@/, '');
  return !q || user.displayName.toLowerCase().includes(q) || user.username.toLowerCase().includes(q);
}

async function copyLink(target: ShareTarget) {
  try {
    await navigator.clipboard.writeText(shareUrl(target));
    toast({ title: 'Link copied', description: 'Paste it anywhere to share.' });
  } catch {
    toast({ variant: 'destructive', title: 'Error', description: 'Could not copy the link.' });
  }
}

function SendToBody({ target, onShared }: { target: ShareTarget; onShared?: (target: ShareTarget) => void }) {
  const me = useCurrentUser();
  const conversations = useConversations();
  const share = useShareItem(target, onShared ? () => onShared(target) : undefined);
  const [query, setQuery] = useState('');
  const [sent, setSent] = useState<ReadonlySet<number>>(new Set());
  const [sending, setSending] = useState<number | null>(null);
  const rows = flattenConversations(conversations.data)
    .map((conversation) => ({
      conversation,
      other: isGroup(conversation)
        ? { displayName: conversationTitle(conversation, me.id), username: '', profileImage: null }
        : otherParticipant(conversation, me.id),
    }))
    .filter(({ other }) => matchesSearch(other, query));

  const send = (conversationId: number, name: string) => {
    setSending(conversationId);
    share.mutate(
      { conversationId, name },
      {
        onSuccess: () => setSent((s) => new Set(s).add(conversationId)),
        onSettled: () => setSending(null),
      },
    );
  };

  let list;
  if (conversations.isPending)
    list = (
      <div role="status" aria-label="Loading conversations" className="space-y-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14 rounded-xl" />
        ))}
      </div>
    );
  else if (conversations.isError) list = <p className="py-6 text-center text-sm text-zinc-400">Failed to load conversations</p>;
  else if (rows.length === 0)
    list = (
      <p className="py-6 text-center text-sm text-zinc-400">
        {query.trim() ? 'No conversations found' : 'No conversations yet. Start a chat to share with someone.'}
      </p>
    );
  else
    list = (
      <ul aria-label="Conversations" className="space-y-1">
        {rows.map(({ conversation, other }) => {
          const done = sent.has(conversation.id);
          return (
            <li key={conversation.id} className="flex items-center gap-3 rounded-xl px-1 py-1.5">
              {isGroup(conversation) ? (
                <GroupAvatar
                  name={other.displayName}
                  avatarUrl={conversation.avatarUrl}
                  members={otherMembers(conversation, me.id)}
                  className="size-10 text-base"
                />
              ) : (
                <Avatar src={other.profileImage} name={other.displayName} className="size-10 text-base" />
              )}
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold text-white">{other.displayName}</span>
                {other.username && <span className="block truncate text-xs text-zinc-400">@{other.username}</span>}
              </span>
              <Button
                variant={done ? 'secondary' : 'primary'}
                aria-label={done ? `Sent to ${other.displayName}` : `Send to ${other.displayName}`}
                disabled={sending === conversation.id}
                onClick={() => send(conversation.id, other.displayName)}
                className="min-w-20 px-3"
              >
                {done ? (
                  <>
                    <Check aria-hidden="true" className="size-4" />
                    Sent
                  </>
                ) : (
                  'Send'
                )}
              </Button>
            </li>
          );
        })}
      </ul>
    );

  return (
    <>
      <div className="relative mt-4">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500" />
        <input
          type="search"
          aria-label="Search conversations"
          placeholder="Search..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="block min-h-11 w-full rounded-xl border border-white/10 bg-zinc-950 pr-3 pl-9 text-base text-zinc-50 placeholder:text-zinc-500 focus:border-fuchsia-400/70 focus:outline-none"
        />
      </div>
      <div className="mt-3 max-h-[50dvh] min-h-24 overflow-y-auto">{list}</div>
      <Button variant="secondary" className="mt-4 w-full" onClick={() => void copyLink(target)}>
        <Link2 aria-hidden="true" className="size-4" />
        Copy link
      </Button>
    </>
  );
}

export function SendToDialog({
  target,
  onClose,
  onShared,
}: {
  target: ShareTarget | null;
  onClose: () => void;
  /** After a send: the page refreshes the item's shares count. */
  onShared?: (target: ShareTarget) => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target && (
        <DialogContent>
          <DialogTitle>Send to…</DialogTitle>
          <DialogDescription>
            {target.kind === 'post' ? 'Share this post in a conversation.' : 'Share this reel in a conversation.'}
          </DialogDescription>
          <SendToBody key={`${target.kind}-${target.id}`} target={target} onShared={onShared} />
        </DialogContent>
      )}
    </Dialog>
  );
}

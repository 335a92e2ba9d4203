//! A conversation's messages, oldest at the top: the cached pages, then the outbox (messages
//! still sending or failed). It opens scrolled to the newest, follows new messages while the
//! reader is near the bottom, and loads older pages at the top without moving what is read. In a
//! group, system lines are written in words, others' runs of messages are headed with who wrote
//! them, and 'Seen by n' takes the place of 'Seen'. Your own messages can be unsent (after a
//! confirmation) and, text within 15 minutes, edited (issue 43). A message chosen in 'Search in
//! conversation' (issue 47) is scrolled to the middle, highlighted and focused.
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useClockTick } from '@/hooks/use-clock-tick';
import { errorMessage } from '@/lib/api-client';
import { useSafetyActions } from '@/lib/safety-actions';
import { flattenMessages } from '../api/cache';
import { canEdit, useUnsendMessage } from '../api/change-message';
import { useMessages } from '../api/get-messages';
import { useOutbox, useRetrySend } from '../api/send-message';
import { useToggleReaction } from '../api/toggle-reaction';
import { systemLineText, type SeenBy } from '../conversation';
import type { Message } from '../types';
import { EditMessageDialog } from './edit-message-dialog';
import { MessageBubble, SystemLine, type BubbleSender } from './message-bubble';
import { SeenByLine } from './seen-by';
import { TypingIndicator } from './typing-indicator';

/** Within this distance of the bottom the list follows new messages. */
const NEAR_BOTTOM_PX = 120;
/** Within this distance of the top the next older page is fetched. */
const NEAR_TOP_PX = 200;

/** A message to show: chosen in the search. A new object each time, so choosing it again scrolls again. */
export interface Highlight {
  messageId: number;
}

/** A line that is no one's bubble: a call's or a group's system line. */
function isLine(message: Message): boolean {
  return message.messageType === 'call' || message.messageType === 'system';
}

/**
 * In a group, who wrote `message` when it starts a run of someone else's messages (the name goes
 * above the first bubble only); undefined otherwise.
 */
function runSender(message: Message, previous: Message | undefined, meId: number): BubbleSender | undefined {
  if (message.sender.id === meId || isLine(message)) return undefined;
  if (previous && !isLine(previous) && previous.sender.id === message.sender.id) return undefined;
  return message.sender;
}

async function copyMessage(content: string) {
  try {
    await navigator.clipboard.writeText(content);
    toast({ title: 'Copied!', description: 'Message copied to clipboard' });
  } catch (error) {
    console.error('Could not copy the message', error);
  }
}

export function MessageList({
  conversationId,
  meId,
  otherTyping,
  typingNames,
  group = false,
  onReply,
  blocked = false,
  seenId = null,
  seenBy = null,
  highlight = null,
}: {
  conversationId: number;
  meId: number;
  otherTyping: boolean;
  /** In a group: who is typing, named beside the dots. */
  typingNames?: string[];
  /** A group: others' runs of messages are headed with their name and avatar. */
  group?: boolean;
  /** Absent where nothing can be sent (a blocked conversation): no 'Reply'. */
  onReply?: (message: Message) => void;
  /** A blocked conversation: its messages take no reaction (the server refuses them). */
  blocked?: boolean;
  /** Your newest message the other has read (issue 22): 'Seen' goes under it. */
  seenId?: number | null;
  /** In a group, your newest message anyone else has read and who: 'Seen by n' goes under it. */
  seenBy?: SeenBy | null;
  /** A loaded message to scroll to and highlight. */
  highlight?: Highlight | null;
}) {
  const messages = useMessages(conversationId);
  const outbox = useOutbox(conversationId);
  const retry = useRetrySend(conversationId);
  const react = useToggleReaction(conversationId);
  const safety = useSafetyActions();
  const unsend = useUnsendMessage(conversationId);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Message | null>(null);
  const [unsending, setUnsending] = useState<Message | null>(null);
  // Edit is offered while the 15 minutes last: the tick takes it away in time.
  useClockTick();
  const now = new Date().getTime();

  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const scrolledInitially = useRef(false);
  /** scrollHeight before older messages were prepended, to keep the reader's place. */
  const heightBeforeOlder = useRef<number | null>(null);

  const items = flattenMessages(messages.data);
  const firstId = items[0]?.id;
  const lastId = items.at(-1)?.id;
  const lastSenderId = items.at(-1)?.sender.id;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = messages;

  const loadOlder = () => {
    if (!hasNextPage || isFetchingNextPage) return;
    heightBeforeOlder.current = scroller.current?.scrollHeight ?? null;
    void fetchNextPage();
  };

  // Older messages went in at the top: keep the same messages in view.
  useLayoutEffect(() => {
    const node = scroller.current;
    if (!node || heightBeforeOlder.current === null) return;
    node.scrollTop += node.scrollHeight - heightBeforeOlder.current;
    heightBeforeOlder.current = null;
  }, [firstId]);

  // The newest at the bottom: on opening, and for new messages while near the bottom (or sent here).
  useLayoutEffect(() => {
    const node = scroller.current;
    if (!node || (lastId === undefined && outbox.length === 0)) return;
    const ownNewest = outbox.length > 0 || lastSenderId === meId;
    if (!scrolledInitially.current || nearBottom.current || ownNewest) {
      node.scrollTop = node.scrollHeight;
      scrolledInitially.current = true;
      nearBottom.current = true;
    }
  }, [lastId, lastSenderId, meId, outbox.length, otherTyping]);

  // A message chosen in the search: into the middle of the view, and focused (when it takes focus)
  // so that its actions are a Tab away.
  useEffect(() => {
    if (!highlight) return;
    const bubble = scroller.current?.querySelector<HTMLElement>(`[data-message-id="${highlight.messageId}"]`);
    if (!bubble) return;
    bubble.scrollIntoView?.({ block: 'center' });
    bubble.querySelector<HTMLElement>('[tabindex="0"]')?.focus({ preventScroll: true });
  }, [highlight]);

  const onScroll = () => {
    const node = scroller.current;
    if (!node) return;
    nearBottom.current = node.scrollHeight - node.scrollTop - node.clientHeight < NEAR_BOTTOM_PX;
    if (node.scrollTop < NEAR_TOP_PX && scrolledInitially.current) loadOlder();
  };

  let content;
  if (messages.isPending) {
    content = (
      <div role="status" aria-label="Loading messages" className="space-y-3 p-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className={i % 2 ? 'ml-auto h-10 w-2/3 rounded-2xl' : 'h-10 w-1/2 rounded-2xl'} />
        ))}
      </div>
    );
  } else if (messages.isError) {
    content = <EmptyState title="Failed to load messages" description="Please try again later." />;
  } else {
    content = (
      <>
        {hasNextPage && (
          <div className="flex justify-center py-2">
            <Button variant="ghost" disabled={isFetchingNextPage} onClick={loadOlder}>
              {isFetchingNextPage ? 'Loading...' : 'Load earlier messages'}
            </Button>
          </div>
        )}
        {items.length === 0 && outbox.length === 0 && (
          <p className="py-10 text-center text-sm text-zinc-500">No messages yet. Say hello!</p>
        )}
        <ol aria-label="Messages" className="space-y-2 px-3 py-3">
          {items.map((message, index) => (
            <Fragment key={message.id}>
              {message.messageType === 'system' ? (
                <SystemLine text={systemLineText(message, meId)} createdAt={message.createdAt} />
              ) : (
                <MessageBubble
                  message={message}
                  messageId={message.id}
                  highlighted={highlight?.messageId === message.id}
                  mine={message.sender.id === meId}
                  sender={group ? runSender(message, items[index - 1], meId) : undefined}
                  active={activeId === message.id}
                  onActivate={() => setActiveId(message.id)}
                  onReact={
                    blocked
                      ? undefined
                      : (emoji) => {
                          setActiveId(null);
                          react.mutate({ messageId: message.id, emoji });
                        }
                  }
                  onReply={
                    onReply &&
                    (() => {
                      setActiveId(null);
                      onReply(message);
                    })
                  }
                  onCopy={() => {
                    setActiveId(null);
                    void copyMessage(message.content);
                  }}
                  onEdit={
                    !blocked && canEdit(message, meId, now)
                      ? () => {
                          setActiveId(null);
                          setEditing(message);
                        }
                      : undefined
                  }
                  onUnsend={
                    message.sender.id === meId
                      ? () => {
                          setActiveId(null);
                          unsend.reset();
                          setUnsending(message);
                        }
                      : undefined
                  }
                  onReport={
                    safety && message.sender.id !== meId
                      ? () => {
                          setActiveId(null);
                          safety.report({ targetType: 'message', targetId: message.id });
                        }
                      : undefined
                  }
                />
              )}
              {message.id === seenId && (
                <li data-testid="seen" className="-mt-1 pr-1 text-right text-xs text-zinc-400">
                  Seen
                </li>
              )}
              {message.id === seenBy?.messageId && <SeenByLine seen={seenBy} />}
            </Fragment>
          ))}
          {outbox.map((item) => (
            <MessageBubble
              key={`outbox-${item.mutationId}`}
              message={{ ...item.message, messageType: 'text', reactions: [] }}
              mine
              status={item.failed ? 'failed' : 'pending'}
              onRetry={() => retry(item)}
            />
          ))}
        </ol>
        {otherTyping && <TypingIndicator names={typingNames} />}
      </>
    );
  }

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      // A tap outside the pressed message puts its actions away.
      onPointerDown={(event) => {
        if (activeId !== null && !(event.target as Element).closest('[data-active="true"]')) setActiveId(null);
      }}
      className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto overscroll-contain"
    >
      {content}
      <EditMessageDialog conversationId={conversationId} message={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={unsending !== null}
        onOpenChange={(open) => !open && setUnsending(null)}
        title="Unsend message?"
        description="It will be removed for everyone in the chat, who will see 'Message removed'."
        confirmLabel="Unsend"
        busyLabel="Unsending..."
        busy={unsend.isPending}
        error={unsend.isError ? (errorMessage(unsend.error) ?? 'Could not unsend the message. Please try again.') : undefined}
        onConfirm={() => unsending && unsend.mutate(unsending.id, { onSuccess: () => setUnsending(null) })}
      />
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useMarkConversationRead } from '../api/mark-read';
import type { Message } from '../types';

/** Messages arriving together move the pointer once. */
export const READ_DEBOUNCE_MS = 400;

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * Moves your read pointer in the open conversation (issue 21): on opening it when something is
 * unread, and for each message of the other person's that arrives while it is open and the page
 * visible (a hidden tab waits until it is shown again), debounced, to the newest message shown.
 * Nothing is sent when all that is new is your own (the pointer only matters for theirs).
 * `messages` is the loaded list, oldest first, or null while it loads; `unreadCount` the
 * conversation's count from the list (null until the list has it), read when both are known.
 */
export function useReadPointer({
  conversationId,
  meId,
  messages,
  unreadCount,
}: {
  conversationId: number;
  meId: number;
  messages: Message[] | null;
  unreadCount: number | null;
}): void {
  const visible = usePageVisible();
  const mark = useMarkConversationRead(conversationId);
  const { mutate } = mark;
  /** The newest of their messages the pointer is known to have passed (null until loaded). */
  const [readUpTo, setReadUpTo] = useState<number | null>(null);

  const newestTheirs = messages?.findLast((m) => m.sender.id !== meId)?.id ?? 0;
  const newest = messages?.at(-1)?.id ?? 0;

  // On loading: nothing unread means the pointer is already past their newest message.
  const known = messages !== null && unreadCount !== null;
  if (known && readUpTo === null) setReadUpTo(unreadCount > 0 ? 0 : newestTheirs);

  const pending = readUpTo !== null && newestTheirs > readUpTo;

  useEffect(() => {
    if (!pending || !visible) return;
    const timer = setTimeout(() => {
      setReadUpTo(newestTheirs);
      mutate(newest);
    }, READ_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [pending, visible, newestTheirs, newest, mutate]);
}

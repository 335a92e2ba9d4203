import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatest } from '@/hooks/use-latest';
import { useRealtimeClient, useRealtimeEvent } from '@/lib/realtime-provider';
import { isChatEvent, type ChatClientEvent } from '../types';

/** 'stopTyping' follows 1 s without typing. */
export const TYPING_STOP_DELAY_MS = 1000;
/** Without any event for this long the other user's indicator goes (a stopTyping may be lost). */
export const TYPING_INDICATOR_TIMEOUT_MS = 5000;

/**
 * The session user's typing signal in a conversation: `typing` once when
 * they start, `stopTyping` after 1 s without input, when the message is sent (`stopped()`), and
 * when the conversation is closed.
 */
export function useTypingSignal(conversationId: number) {
  const client = useRealtimeClient();
  const typing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clientRef = useLatest(client);

  const stopped = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!typing.current) return;
    typing.current = false;
    clientRef.current?.send({ type: 'stopTyping', conversationId } satisfies ChatClientEvent);
  }, [conversationId, clientRef]);

  const typed = useCallback(() => {
    if (!typing.current) {
      typing.current = true;
      clientRef.current?.send({ type: 'typing', conversationId } satisfies ChatClientEvent);
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(stopped, TYPING_STOP_DELAY_MS);
  }, [conversationId, stopped, clientRef]);

  useEffect(() => stopped, [stopped]);

  return { typed, stopped };
}

/**
 * Who else is typing in the conversation (user ids, in the order they started): each is on from
 * their `typing`, off on their `stopTyping` or message, and off anyway after 5 s without either.
 * In a one-to-one conversation that is the other person or nobody; in a group, anyone.
 */
export function useOthersTyping(conversationId: number, meId: number): number[] {
  const [typing, setTyping] = useState<number[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const clear = useCallback((userId: number) => {
    const timer = timers.current.get(userId);
    if (timer) clearTimeout(timer);
    timers.current.delete(userId);
    setTyping((ids) => (ids.includes(userId) ? ids.filter((id) => id !== userId) : ids));
  }, []);

  useEffect(() => {
    const running = timers.current;
    return () => {
      for (const timer of running.values()) clearTimeout(timer);
      running.clear();
      setTyping([]);
    };
  }, [conversationId]);

  useRealtimeEvent((event) => {
    if (!isChatEvent(event) || event.type === 'presence' || event.conversationId !== conversationId) return;
    if (event.type === 'typing' && event.userId !== meId) {
      const { userId } = event;
      setTyping((ids) => (ids.includes(userId) ? ids : [...ids, userId]));
      const timer = timers.current.get(userId);
      if (timer) clearTimeout(timer);
      timers.current.set(
        userId,
        setTimeout(() => clear(userId), TYPING_INDICATOR_TIMEOUT_MS),
      );
    } else if (event.type === 'stopTyping' && event.userId !== meId) {
      clear(event.userId);
    } else if (event.type === 'newMessage' && event.message.sender.id !== meId) {
      clear(event.message.sender.id);
    }
  });

  return typing;
}

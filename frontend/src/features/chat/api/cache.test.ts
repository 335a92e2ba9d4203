import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { aConversation, aGroup, aMessage, aSystemMessage } from '@/test/chat';
import { flattenConversations, flattenMessages, recordMessage, recordRead, setPresence, upsertConversation } from './cache';
import { chatKeys, type ConversationPages, type MessagePages } from './keys';
import type { Message } from '../types';

function cacheWith(messages: MessagePages, conversations: ConversationPages) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(chatKeys.messages(10), messages);
  queryClient.setQueryData(chatKeys.conversations(), conversations);
  return queryClient;
}

describe('the chat cache', () => {
  it('reads message pages oldest first: older pages come after the newest in the cache', () => {
    const older = [aMessage({ id: 1 }), aMessage({ id: 2 })];
    const newest = [aMessage({ id: 3 }), aMessage({ id: 4 })];
    const data = { pages: [{ items: newest, nextCursor: '3' }, { items: older, nextCursor: null }], pageParams: [null, '3'] };
    expect(flattenMessages(data).map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it('adds a message once, however often it arrives, and moves its conversation first', () => {
    const queryClient = cacheWith(
      { pages: [{ items: [aMessage({ id: 1 })], nextCursor: null }], pageParams: [null] },
      { pages: [{ items: [aConversation({ id: 11 }), aConversation({ id: 10 })], nextCursor: null }], pageParams: [null] },
    );
    const message = aMessage({ id: 2, content: 'New' });
    recordMessage(queryClient, message);
    recordMessage(queryClient, { ...message });
    expect(flattenMessages(queryClient.getQueryData(chatKeys.messages(10))).map((m) => m.id)).toEqual([1, 2]);
    const list = flattenConversations(queryClient.getQueryData(chatKeys.conversations()));
    expect(list.map((c) => c.id)).toEqual([10, 11]);
    expect(list[0].lastMessage?.content).toBe('New');
  });

  it('keeps a message that arrives while its messages are being fetched: the fetch starts again', async () => {
    const queryClient = new QueryClient();
    const key = chatKeys.messages(10);
    // The server's messages; each fetch answers what they were when it was asked.
    const server: Message[] = [aMessage({ id: 1 })];
    let held: Promise<void> | null = null;
    const queryFn = async () => {
      const asked = [...server];
      if (held) await held;
      return { items: asked, nextCursor: null };
    };
    const options = { queryKey: key, queryFn, initialPageParam: null as string | null, getNextPageParam: () => null };
    await queryClient.fetchInfiniteQuery(options);
    // A refetch (a reconnect's) is asked before message 2 exists and answers late.
    let release = () => {};
    held = new Promise<void>((resolve) => (release = resolve));
    const refetch = queryClient.refetchQueries({ queryKey: key });
    held = null;
    const sent = aMessage({ id: 2, content: 'Sent during the refetch' });
    server.push(sent);
    recordMessage(queryClient, sent);
    release();
    await refetch;
    await vi.waitFor(() => expect(queryClient.isFetching({ queryKey: key })).toBe(0));
    expect(flattenMessages(queryClient.getQueryData<MessagePages>(key)).map((m) => m.id)).toEqual([1, 2]);
  });

  it("writes presence into every conversation of that user and no one else's", () => {
    const queryClient = cacheWith(
      { pages: [], pageParams: [] },
      { pages: [{ items: [aConversation({ id: 10 }), aConversation({ id: 11 })], nextCursor: null }], pageParams: [null] },
    );
    setPresence(queryClient, 2, true, null);
    const list = flattenConversations(queryClient.getQueryData(chatKeys.conversations()));
    for (const c of list) {
      expect(c.participants.find((p) => p.user.id === 2)?.user.isOnline).toBe(true);
      expect(c.participants.find((p) => p.user.id === 1)?.user.isOnline).toBe(true);
    }
  });

  it("replaces an updated conversation where it is in the list, and puts one new to the list first", () => {
    const queryClient = cacheWith(
      { pages: [], pageParams: [] },
      { pages: [{ items: [aConversation({ id: 10 }), aGroup({ id: 20 })], nextCursor: null }], pageParams: [null] },
    );
    upsertConversation(queryClient, aGroup({ id: 20, name: 'Trip 2026' }));
    upsertConversation(queryClient, aGroup({ id: 21, name: 'Climbing' }));
    const list = flattenConversations(queryClient.getQueryData(chatKeys.conversations()));
    expect(list.map((c) => [c.id, c.name])).toEqual([
      [21, 'Climbing'],
      [10, null],
      [20, 'Trip 2026'],
    ]);
  });

  it("moves any member's read pointer forward, never back", () => {
    const queryClient = cacheWith(
      { pages: [], pageParams: [] },
      { pages: [{ items: [aGroup({ id: 20, reads: { 3: 7 } })], nextCursor: null }], pageParams: [null] },
    );
    recordRead(queryClient, 20, 4, 9);
    recordRead(queryClient, 20, 3, 5);
    const [group] = flattenConversations(queryClient.getQueryData(chatKeys.conversations()));
    expect(group.participants.map((p) => [p.user.id, p.lastReadMessageId])).toEqual([
      [1, null],
      [2, null],
      [3, 7],
      [4, 9],
    ]);
  });

  it("never counts a group's system line as unread", () => {
    const queryClient = cacheWith(
      { pages: [], pageParams: [] },
      { pages: [{ items: [aGroup({ id: 20 })], nextCursor: null }], pageParams: [null] },
    );
    recordMessage(queryClient, aSystemMessage('added', { id: 30 }), true);
    recordMessage(queryClient, aMessage({ id: 31, conversationId: 20 }), true);
    const [group] = flattenConversations(queryClient.getQueryData(chatKeys.conversations()));
    expect(group.unreadCount).toBe(1);
    expect(group.lastMessage?.id).toBe(31);
  });
});

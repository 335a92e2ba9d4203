//! Writes to every cached comment list: a like, a deletion, a new reply's count. A list's pages
//! run newest page first, each page oldest → newest (the messages' paging, docs/chat-contract.md).
import type { QueryClient } from '@tanstack/react-query';
import type { Comment } from '../types';
import { commentKeys, type CommentPages } from './keys';

/** Applies `update` to comment `commentId` wherever it is cached; null removes it. */
export function updateCachedComment(
  queryClient: QueryClient,
  commentId: number,
  update: (comment: Comment) => Comment | null,
): void {
  queryClient.setQueriesData<CommentPages>({ queryKey: commentKeys.all }, (data) => {
    if (!data?.pages) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      if (!page.items.some((c) => c.id === commentId)) return page;
      changed = true;
      const items = page.items.flatMap((c) => {
        if (c.id !== commentId) return [c];
        const next = update(c);
        return next ? [next] : [];
      });
      return { ...page, items };
    });
    return changed ? { ...data, pages } : data;
  });
}

/** Finds a cached comment (for its replies count before a deletion). */
export function findCachedComment(queryClient: QueryClient, commentId: number): Comment | undefined {
  for (const [, data] of queryClient.getQueriesData<CommentPages>({ queryKey: commentKeys.all })) {
    for (const page of data?.pages ?? []) {
      const found = page.items.find((c) => c.id === commentId);
      if (found) return found;
    }
  }
  return undefined;
}

/** Appends `comment` as the newest of a list (its first page's end), creating the list if absent. */
export function appendToList(data: CommentPages | undefined, comment: Comment): CommentPages {
  if (!data || data.pages.length === 0) {
    return { pages: [{ items: [comment], nextCursor: null }], pageParams: [null] };
  }
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first, items: [...first.items, comment] }, ...rest] };
}

/** Replaces the comment `id` (an optimistic one) with `comment`, or drops it when `comment` is null. */
export function replaceInList(data: CommentPages | undefined, id: number, comment: Comment | null): CommentPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.flatMap((c) => (c.id !== id ? [c] : comment ? [comment] : [])),
    })),
  };
}

/** A list's comments in reading order, oldest first. */
export function flattenComments(data: CommentPages | undefined): Comment[] {
  const seen = new Set<number>();
  const out: Comment[] = [];
  for (const page of [...(data?.pages ?? [])].reverse()) {
    for (const c of page.items) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push(c);
    }
  }
  return out;
}

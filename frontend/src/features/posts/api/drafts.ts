//! Drafts and scheduled posts (issue 44, docs/publishing-contract.md): your drafts and your
//! scheduled posts as two keyset-paginated lists, and what can be done to one: save it (new or
//! again: the whole content each time), publish it now or at a time, take its time back, delete
//! it. A published draft becomes a post in the feed and on your profile; the draft is gone.
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { apiPage, apiRequest, apiRequestWithProgress, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import { usersQueryKey } from '@/lib/query-keys';
import type { Post } from '@/types/social';
import type { Draft, DraftRequest } from '../types';
import { prependCachedPost } from './cache';
import { postKeys, POSTS_PAGE_SIZE } from './keys';

/** What a drafts list keeps in the cache. */
export type DraftPages = InfiniteData<Page<Draft>>;

/** GET /api/drafts (or `?scheduled=true`): your drafts or your scheduled posts, newest first, one page. */
export function getDraftsPage(scheduled: boolean, before: string | null, limit = POSTS_PAGE_SIZE): Promise<Page<Draft>> {
  return apiPage<Draft>(pageUrl(scheduled ? '/api/drafts?scheduled=true' : '/api/drafts', before, limit));
}

export function draftsQueryOptions(scheduled: boolean) {
  return infiniteQueryOptions({
    queryKey: postKeys.drafts(scheduled),
    ...cursorPaging((before) => getDraftsPage(scheduled, before)),
  });
}

/** Your drafts (`scheduled` false) or your scheduled posts (true). */
export function useDrafts(scheduled: boolean) {
  return useInfiniteQuery(draftsQueryOptions(scheduled));
}

/** Draft `draftId` as cached in either list, if it is. */
function findCachedDraft(queryClient: QueryClient, draftId: number): Draft | undefined {
  for (const [, data] of queryClient.getQueriesData<DraftPages>({ queryKey: postKeys.allDrafts() })) {
    for (const page of data?.pages ?? []) {
      const found = page.items?.find((draft) => draft.id === draftId);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * One of your drafts, by id: the server has no GET for one, so it is read from the lists (the
 * drafts, then the scheduled posts, a hundred at a time); null when it is in neither (published,
 * deleted, or not yours).
 */
export async function findDraft(draftId: number): Promise<Draft | null> {
  for (const scheduled of [false, true]) {
    let before: string | null = null;
    do {
      const page: Page<Draft> = await getDraftsPage(scheduled, before, 100);
      const found = page.items.find((draft) => draft.id === draftId);
      if (found) return found;
      before = page.nextCursor;
    } while (before !== null);
  }
  return null;
}

/** The draft the composer opens (`/create?draft={id}`): shown at once from a list, then read again. */
export function useDraft(draftId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: postKeys.draft(draftId),
    queryFn: () => findDraft(draftId),
    initialData: () => findCachedDraft(queryClient, draftId),
    staleTime: 0,
  });
}

/** A draft just saved or changed: its own entry, and both lists read again. */
function draftChanged(queryClient: QueryClient, draft: Draft) {
  queryClient.setQueryData(postKeys.draft(draft.id), draft);
  void queryClient.invalidateQueries({ queryKey: postKeys.drafts(false) });
  void queryClient.invalidateQueries({ queryKey: postKeys.drafts(true) });
}

/** Draft `draftId` taken out of both lists at once (deleted, or published). */
function removeCachedDraft(queryClient: QueryClient, draftId: number) {
  queryClient.setQueriesData<DraftPages>({ queryKey: postKeys.allDrafts() }, (data) => {
    if (!data?.pages?.some((page) => page.items?.some((draft) => draft.id === draftId))) return data;
    return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((draft) => draft.id !== draftId) })) };
  });
  queryClient.removeQueries({ queryKey: postKeys.draft(draftId), exact: true });
}

/** POST /api/drafts → 201 the draft (its images stored now); `onProgress` follows the upload (0..1). */
export function createDraft(body: DraftRequest, onProgress: (fraction: number) => void = () => {}): Promise<Draft> {
  return apiRequestWithProgress<Draft>('POST', '/api/drafts', body, onProgress);
}

/** PATCH /api/drafts/{id} → 200 the draft: the whole content again (an image sent as its own `url` is kept). */
export function updateDraft(draftId: number, body: DraftRequest, onProgress: (fraction: number) => void = () => {}): Promise<Draft> {
  return apiRequestWithProgress<Draft>('PATCH', `/api/drafts/${draftId}`, body, onProgress);
}

/**
 * Saves a draft: a new one (`id` null) or one again, exposing the upload's progress. A refusal
 * stays with the caller (the composer shows the server's words).
 */
export function useSaveDraft() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DraftRequest }) => {
      setProgress(0);
      return id === null ? createDraft(body, setProgress) : updateDraft(id, body, setProgress);
    },
    onSuccess: (draft) => draftChanged(queryClient, draft),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

/** What publishing answered: the post (published now, 201) or the draft with its time (scheduled, 200). */
export type Publication = { published: Post; scheduled?: never } | { scheduled: Draft; published?: never };

/** POST /api/drafts/{id}/publish `{at?}`: without `at` now, with it (RFC 3339 with its offset) at that time. */
export async function publishDraft(draftId: number, at?: string): Promise<Publication> {
  const res = await apiRequest('POST', `/api/drafts/${draftId}/publish`, at === undefined ? {} : { at });
  return res.status === 201 ? { published: (await res.json()) as Post } : { scheduled: (await res.json()) as Draft };
}

/**
 * Publishes a draft now or schedules it. Published, the post is first in the cached feed and your
 * grid at once (as a new post is), every post list and the profiles' counts are read again, and
 * the draft leaves its list; scheduled, it moves to the scheduled posts. A refusal ('Schedule a
 * post at least 10 minutes ahead') stays with the caller.
 */
export function usePublishDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, at }: { id: number; at?: string }) => publishDraft(id, at),
    onSuccess: (result, { id }) => {
      if (result.published) {
        const post = result.published;
        removeCachedDraft(queryClient, id);
        prependCachedPost(queryClient, postKeys.feed(), post);
        prependCachedPost(queryClient, postKeys.byUser(post.user.id), post);
        void queryClient.invalidateQueries({ queryKey: postKeys.all });
        void queryClient.invalidateQueries({ queryKey: usersQueryKey });
      } else {
        draftChanged(queryClient, result.scheduled);
      }
    },
  });
}

/** DELETE /api/drafts/{id}/schedule → 200 the draft, back among the drafts. */
export async function unscheduleDraft(draftId: number): Promise<Draft> {
  const res = await apiRequest('DELETE', `/api/drafts/${draftId}/schedule`);
  return (await res.json()) as Draft;
}

/** Takes a scheduled post's time back: it is a draft again. */
export function useUnscheduleDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draftId: number) => unscheduleDraft(draftId),
    onSuccess: (draft) => {
      draftChanged(queryClient, draft);
      toast({ title: 'Schedule cancelled', description: 'The post is back in your drafts.' });
    },
  });
}

/** DELETE /api/drafts/{id} → 204: a draft, or a scheduled post with its time. */
export async function deleteDraft(draftId: number): Promise<void> {
  await apiRequest('DELETE', `/api/drafts/${draftId}`);
}

/** Deletes a draft once the server agrees: it leaves its list at once. A refusal stays with the caller. */
export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draftId: number) => deleteDraft(draftId),
    onSuccess: (_, draftId) => {
      removeCachedDraft(queryClient, draftId);
      toast({ title: 'Draft deleted' });
    },
  });
}

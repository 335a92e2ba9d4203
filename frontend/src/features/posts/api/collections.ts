//! Named collections of saved posts (issue 44): the SAVED tab's collections, a collection's
//! posts, and the save menu's ticks. A post in a collection is saved; unsaving takes it out of
//! every collection (the server's rule), so the caches here follow a bookmark toggle too.
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiPage, apiRequest, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { components } from '@/types/api.gen';
import type { Post } from '@/types/social';
import { updateCachedPost } from './cache';
import { collectionKeys, postKeys, POSTS_PAGE_SIZE } from './keys';

export type Collection = components['schemas']['Collection'];

/** An owner keeps at most this many (the server's limit): the save menu reads them in one page. */
export const COLLECTIONS_MAX = 100;
/** A name is 1–50 characters (the server's rule). */
export const COLLECTION_NAME_MAX = 50;


/** GET /api/collections: every collection of yours (at most 100), newest first. */
export async function getCollections(): Promise<Collection[]> {
  const page = await apiPage<Collection>(pageUrl('/api/collections', null, COLLECTIONS_MAX));
  return page.items;
}

export function useCollections({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: collectionKeys.list(), queryFn: getCollections, enabled });
}

export function useCollection(id: number) {
  return useQuery({
    queryKey: collectionKeys.one(id),
    queryFn: async () => (await (await apiRequest('GET', `/api/collections/${id}`)).json()) as Collection,
  });
}

/** GET /api/collections/{id}/posts: its posts, most recently added first, one page. */
export function getCollectionPostsPage(id: number, before: string | null): Promise<Page<Post>> {
  return apiPage<Post>(pageUrl(`/api/collections/${id}/posts`, before, POSTS_PAGE_SIZE));
}

export function useCollectionPosts(id: number) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: collectionKeys.posts(id),
      ...cursorPaging((before) => getCollectionPostsPage(id, before)),
    }),
  );
}

/** GET /api/posts/{id}/collections: the ids of your collections that hold the post. */
export function usePostCollections(postId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: collectionKeys.ofPost(postId),
    queryFn: async () => {
      const res = await apiRequest('GET', `/api/posts/${postId}/collections`);
      return ((await res.json()) as { collectionIds: number[] }).collectionIds;
    },
    enabled,
  });
}

/** After any change: the collections' counts and covers, their lists and the ticks are read again. */
function refreshCollections(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
  void queryClient.invalidateQueries({ queryKey: collectionKeys.allPosts() });
}

/** A post put in a collection is saved: every cached copy shows it saved, and SAVED is stale. */
function markSaved(queryClient: QueryClient, postId: number) {
  updateCachedPost(queryClient, postId, (post) => ({ ...post, isBookmarked: true }));
  void queryClient.invalidateQueries({ queryKey: postKeys.bookmarks() });
}

/**
 * POST /api/collections `{name, postId?}` → the new collection, with `postId` in it (saved); then
 * each of `more` (saved posts picked on the SAVED tab) put in it, in order.
 */
export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, postId, more = [] }: { name: string; postId?: number; more?: number[] }) => {
      const res = await apiRequest('POST', '/api/collections', postId === undefined ? { name } : { name, postId });
      const collection = (await res.json()) as Collection;
      for (const post of more) {
        await apiRequest('POST', `/api/collections/${collection.id}/posts`, { postId: post });
      }
      return collection;
    },
    onSuccess: (_collection, { postId }) => {
      if (postId !== undefined) markSaved(queryClient, postId);
    },
    // Also after a failure part way: the collection may exist with some of the posts.
    onSettled: () => refreshCollections(queryClient),
  });
}

/** PATCH /api/collections/{id} `{name}`. */
export function useRenameCollection(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const res = await apiRequest('PATCH', `/api/collections/${id}`, { name });
      return (await res.json()) as Collection;
    },
    onSuccess: (collection) => {
      queryClient.setQueryData(collectionKeys.one(id), collection);
      refreshCollections(queryClient);
    },
  });
}

/** DELETE /api/collections/{id}: its posts stay saved. */
export function useDeleteCollection(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', `/api/collections/${id}`);
    },
    onSuccess: () => {
      // Gone from the chips at once, not after the list is read again.
      queryClient.setQueryData<Collection[]>(collectionKeys.list(), (list) => list?.filter((c) => c.id !== id));
      queryClient.removeQueries({ queryKey: collectionKeys.one(id) });
      refreshCollections(queryClient);
    },
  });
}

/** Puts a post in a collection (saving it), or takes it out (it stays saved). */
export function useCollectionMembership(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ collectionId, inside }: { collectionId: number; inside: boolean }) => {
      if (inside) {
        await apiRequest('POST', `/api/collections/${collectionId}/posts`, { postId });
      } else {
        await apiRequest('DELETE', `/api/collections/${collectionId}/posts/${postId}`);
      }
    },
    onMutate: ({ collectionId, inside }) => {
      // The tick moves at once; the server's answer confirms it (onSettled reads it again).
      queryClient.setQueryData<number[]>(collectionKeys.ofPost(postId), (ids = []) =>
        inside ? [collectionId, ...ids.filter((id) => id !== collectionId)] : ids.filter((id) => id !== collectionId),
      );
    },
    onSuccess: (_done, { inside }) => {
      if (inside) markSaved(queryClient, postId);
    },
    onSettled: () => refreshCollections(queryClient),
  });
}

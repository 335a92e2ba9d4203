import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { postsQueryKey, usersQueryKey } from '@/lib/query-keys';
import type { Post } from '@/types/social';
import { canvasKeys } from './keys';

export interface Snapshot {
  /** 'data:image/png;base64,…' */
  image: string;
  caption?: string;
  tags?: string[];
}

/** POST /api/canvases/{id}/snapshot {image, caption?, tags?} → 201 a post of the picture, by you. */
export async function shareSnapshot(canvasId: number, snapshot: Snapshot): Promise<Post> {
  const res = await apiRequest('POST', `/api/canvases/${canvasId}/snapshot`, snapshot);
  return (await res.json()) as Post;
}

/** Posts the picture; every post list (the feed, your profile's grid) and profile (its count) refetches. */
export function useShareSnapshot(canvasId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: canvasKeys.share(canvasId),
    mutationFn: (snapshot: Snapshot) => shareSnapshot(canvasId, snapshot),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
      void queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}

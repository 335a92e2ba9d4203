import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage } from '@/lib/api-client';
import {
  commentsQueryKey,
  conversationsQueryKey,
  postsQueryKey,
  reelsQueryKey,
  storiesQueryKey,
  tagsQueryKey,
  usersQueryKey,
} from '@/lib/query-keys';
import type { SafetySubject } from '@/lib/safety-actions';
import { safetyKeys, type BlockedPages } from './keys';

/** POST /api/users/{id}/block (block) or DELETE (unblock) → 204; both idempotent. */
export async function setBlocked(userId: number, block: boolean): Promise<void> {
  await apiRequest(block ? 'POST' : 'DELETE', `/api/users/${userId}/block`);
}

/**
 * Every cache that may show the person, either way a block goes: the post lists (feed, profiles,
 * trending, tags, saved, one post) and the tags' counts, reels, stories, comments, the users'
 * data (profiles, follow status, search: a blocked profile is 'User not found') and the
 * conversations (`isBlocked`). Marked stale; the ones on screen refetch in the background.
 */
function refreshWhatShowsPeople(queryClient: QueryClient): void {
  for (const queryKey of [
    postsQueryKey,
    tagsQueryKey,
    reelsQueryKey,
    storiesQueryKey,
    commentsQueryKey,
    usersQueryKey,
    conversationsQueryKey,
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** Blocks someone (after the dialog's 'Block'): a toast says so and their things leave every list. */
export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subject: SafetySubject) => setBlocked(subject.id, true),
    onSuccess: (_answer, subject) => {
      toast({ title: `Blocked @${subject.username}` });
      refreshWhatShowsPeople(queryClient);
      void queryClient.invalidateQueries({ queryKey: safetyKeys.blocked() });
    },
    onError: (error, subject) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(error) ?? `Failed to block @${subject.username}. Please try again.`,
      }),
  });
}

/**
 * Unblocks someone (settings › Blocked accounts): their row goes from the cached pages (a refetch
 * would only agree) and their things come back.
 */
export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subject: SafetySubject) => setBlocked(subject.id, false),
    onSuccess: (_answer, subject) => {
      queryClient.setQueryData<BlockedPages>(safetyKeys.blocked(), (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({ ...page, items: page.items.filter((account) => account.id !== subject.id) })),
        },
      );
      toast({ title: `Unblocked @${subject.username}` });
      refreshWhatShowsPeople(queryClient);
    },
    onError: (error, subject) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(error) ?? `Failed to unblock @${subject.username}. Please try again.`,
      }),
  });
}

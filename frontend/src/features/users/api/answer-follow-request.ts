import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage, errorStatus } from '@/lib/api-client';
import type { FollowRequest } from '@/types/social';
import { FOLLOW_REQUESTS_TEXT } from '../privacy-text';
import { userKeys, type FollowRequestPages } from './keys';

export type RequestAnswer = 'approve' | 'decline';

/** POST /api/follow-requests/{id}/approve or /decline → 204; only your own (404 otherwise). */
export async function answerFollowRequest(id: number, answer: RequestAnswer): Promise<void> {
  await apiRequest('POST', `/api/follow-requests/${id}/${answer}`);
}

/** Where a request sat in the cached pages, to put it back there. */
interface Removed {
  page: number;
  index: number;
}

function without(data: FollowRequestPages | undefined, id: number): { data: FollowRequestPages | undefined; removed: Removed | null } {
  if (!data) return { data, removed: null };
  let removed: Removed | null = null;
  const pages = data.pages.map((page, pageIndex) => {
    const index = page.items.findIndex((request) => request.id === id);
    if (index < 0) return page;
    removed = { page: pageIndex, index };
    return { ...page, items: page.items.filter((request) => request.id !== id) };
  });
  return { data: { ...data, pages }, removed };
}

function putBack(data: FollowRequestPages | undefined, request: FollowRequest, at: Removed): FollowRequestPages | undefined {
  if (!data || data.pages.length <= at.page) return data;
  if (data.pages.some((page) => page.items.some((item) => item.id === request.id))) return data;
  const pages = data.pages.map((page, pageIndex) => {
    if (pageIndex !== at.page) return page;
    const items = [...page.items];
    items.splice(Math.min(at.index, items.length), 0, request);
    return { ...page, items };
  });
  return { ...data, pages };
}

/**
 * Approves or declines one request, optimistically: its row leaves the list at once (and the
 * count with it); on failure it goes back where it was and a toast says so, except when the
 * server no longer has it (404: withdrawn meanwhile), where it stays gone. On success a toast
 * says what happened and the profiles refresh (an approval adds a follower). Only the failed
 * row goes back, so answering several rows quickly is safe.
 */
export function useAnswerFollowRequest() {
  const queryClient = useQueryClient();
  const key = userKeys.followRequests();
  return useMutation({
    mutationFn: ({ request, answer }: { request: FollowRequest; answer: RequestAnswer }) => answerFollowRequest(request.id, answer),
    onMutate: async ({ request }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const { data, removed } = without(queryClient.getQueryData<FollowRequestPages>(key), request.id);
      queryClient.setQueryData<FollowRequestPages>(key, data);
      return { removed };
    },
    onSuccess: (_answer, { request, answer }) => {
      const username = request.user.username;
      toast({ title: answer === 'approve' ? FOLLOW_REQUESTS_TEXT.approved(username) : FOLLOW_REQUESTS_TEXT.declined(username) });
      void queryClient.invalidateQueries({ queryKey: userKeys.profiles });
    },
    onError: (error, { request, answer }, context) => {
      const gone = errorStatus(error) === 404;
      if (!gone && context?.removed) {
        const at = context.removed;
        queryClient.setQueryData<FollowRequestPages>(key, (data) => putBack(data, request, at));
      }
      const username = request.user.username;
      const fallback = answer === 'approve' ? FOLLOW_REQUESTS_TEXT.approveFailed(username) : FOLLOW_REQUESTS_TEXT.declineFailed(username);
      toast({ variant: 'destructive', title: 'Error', description: gone ? (errorMessage(error) ?? fallback) : fallback });
    },
  });
}

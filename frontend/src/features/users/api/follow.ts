import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage, errorStatus } from '@/lib/api-client';
import type { FollowResponse, FollowStatus } from '@/types/social';
import { FOLLOW_TEXT } from '../privacy-text';
import { userKeys } from './keys';

/**
 * POST /api/users/{id}/follow (follow; on a private account a request, `isRequested`) or DELETE
 * (unfollow, or withdraw the request); both idempotent.
 */
export async function setFollowing(userId: number, follow: boolean): Promise<FollowResponse> {
  const res = await apiRequest(follow ? 'POST' : 'DELETE', `/api/users/${userId}/follow`);
  return (await res.json()) as FollowResponse;
}

/** What the button pressed asked for: follow, unfollow, or withdraw a waiting request. */
export type FollowChange = 'follow' | 'unfollow' | 'withdraw';

function successText(change: FollowChange, answer: FollowResponse): string {
  if (change === 'withdraw') return FOLLOW_TEXT.requestWithdrawn;
  if (change === 'unfollow') return 'You have unfollowed this user.';
  return answer.isRequested ? FOLLOW_TEXT.requestSent : 'You are now following this user!';
}

function failureText(change: FollowChange, error: unknown): string {
  // The follow limit's 429 names itself (issue 20); other failures keep the spec's words.
  if (errorStatus(error) === 429) return errorMessage(error) ?? 'Failed to follow user. Please try again.';
  if (change === 'withdraw') return FOLLOW_TEXT.withdrawFailed;
  return change === 'follow' ? 'Failed to follow user. Please try again.' : 'Failed to unfollow user. Please try again.';
}

/**
 * Follows, unfollows or withdraws a request (issue 20): the caller disables
 * its button while pending; on success the follow status takes the answer at once, search,
 * profiles and follow statuses are refreshed, and a toast says what happened.
 */
export function useFollow(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: FollowChange) => setFollowing(userId, change === 'follow'),
    onSuccess: async (answer, change) => {
      queryClient.setQueryData<FollowStatus>(userKeys.followStatus(userId), {
        isFollowing: answer.isFollowing,
        isRequested: answer.isRequested,
      });
      toast({ title: 'Success', description: successText(change, answer) });
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    onError: (error, change) => {
      toast({ variant: 'destructive', title: 'Error', description: failureText(change, error) });
    },
  });
}

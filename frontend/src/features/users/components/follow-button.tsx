import { Clock, Loader2, UserCheck, UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useFollow, type FollowChange } from '../api/follow';
import { FOLLOW_TEXT } from '../privacy-text';

/**
 * Follow / Requested / Following (issue 20): disabled with a spinner while the
 * request is pending. 'Requested' is a follow of a private account waiting for its owner;
 * pressing it again withdraws the request, as pressing 'Following' unfollows. Pressed
 * (`aria-pressed`) in both: the follow is asked for, and pressing undoes it.
 */
export function FollowButton({
  userId,
  isFollowing,
  isRequested = false,
  className,
}: {
  userId: number;
  isFollowing: boolean;
  isRequested?: boolean;
  className?: string;
}) {
  const follow = useFollow(userId);
  const state = isFollowing ? 'following' : isRequested ? 'requested' : 'none';
  const change: FollowChange = state === 'following' ? 'unfollow' : state === 'requested' ? 'withdraw' : 'follow';
  const Icon = state === 'following' ? UserCheck : state === 'requested' ? Clock : UserPlus;
  return (
    <Button
      variant={state === 'none' ? 'primary' : 'secondary'}
      aria-pressed={state !== 'none'}
      disabled={follow.isPending}
      onClick={() => follow.mutate(change)}
      className={cn('min-w-28', className)}
    >
      {follow.isPending ? (
        <Loader2 role="status" aria-label="Saving" className="size-4 animate-spin" />
      ) : (
        <Icon aria-hidden="true" className="size-4" />
      )}
      {state === 'following' ? FOLLOW_TEXT.following : state === 'requested' ? FOLLOW_TEXT.requested : FOLLOW_TEXT.follow}
    </Button>
  );
}

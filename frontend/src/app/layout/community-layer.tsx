//! The comments sheet and 'Send to…' over every screen (issue 19), and the actions that open
//! them (lib/community-actions): the posts' and reels' buttons call them, the comments and chat
//! features draw them (and the voice-reactions feature a card's voice reactions), and this layer wires what none of them may know of the others: the
//! users' search for @mentions, and the post and reel caches a new comment or share moves.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { commentKeys } from '@/features/comments/api/keys';
import type { MentionSearchHook } from '@/features/comments/components/comment-composer';
import { CommentsSheet } from '@/features/comments/components/comments-sheet';
import { SendToDialog } from '@/features/chat/components/send-to-dialog';
import { updateCachedPost } from '@/features/posts/api/cache';
import { postKeys } from '@/features/posts/api/keys';
import { updateCachedReel } from '@/features/reels/api/cache';
import { searchUsersQueryOptions } from '@/features/users/api/search-users';
import { VoiceReactions } from '@/features/voice-reactions/components/voice-reactions';
import {
  CommunityActionsProvider,
  type CommentTarget,
  type CommunityActions,
  type ShareTarget,
} from '@/lib/community-actions';
import { reelsQueryKey } from '@/lib/query-keys';

/** The users' search (GET /api/search/users) for the composer's @mention suggestions. */
export const useMentionSearch: MentionSearchHook = (query) => useQuery(searchUsersQueryOptions(query, commentKeys.mentionSearch));

/** A post's or reel's comments count moves by `delta` in every cached copy (the card's live count). */
export function moveCommentsCount(queryClient: QueryClient, target: Pick<CommentTarget, 'kind' | 'id'>, delta: number): void {
  const bump = <T extends { commentsCount: number }>(item: T): T => ({
    ...item,
    commentsCount: Math.max(0, item.commentsCount + delta),
  });
  if (target.kind === 'post') updateCachedPost(queryClient, target.id, bump);
  else updateCachedReel(queryClient, target.id, bump);
}

/** A share may count once more (distinct sharers): the item's lists refetch their counts. */
function refreshShares(queryClient: QueryClient, target: ShareTarget): void {
  void queryClient.invalidateQueries({ queryKey: target.kind === 'post' ? postKeys.all : reelsQueryKey });
}

export function CommunityLayer({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [comments, setComments] = useState<CommentTarget | null>(null);
  const [share, setShare] = useState<ShareTarget | null>(null);
  const actions = useMemo<CommunityActions>(
    () => ({ openComments: setComments, openShare: setShare, VoiceReactions }),
    [],
  );

  return (
    <CommunityActionsProvider value={actions}>
      {children}
      <CommentsSheet
        target={comments}
        onClose={() => setComments(null)}
        useMentionSearch={useMentionSearch}
        onCountChange={(target, delta) => moveCommentsCount(queryClient, target, delta)}
      />
      <SendToDialog target={share} onClose={() => setShare(null)} onShared={(target) => refreshShares(queryClient, target)} />
    </CommunityActionsProvider>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage } from '@/lib/api-client';
import type { User } from '@/lib/auth';
import type { CommunityItemKind } from '@/lib/community-actions';
import type { Comment, NewCommentRequest } from '../types';
import { appendToList, replaceInList, updateCachedComment } from './cache';
import { repliesQueryOptions } from './get-replies';
import { commentKeys, type CommentPages } from './keys';

/** POST /api/posts/{id}/comments or /api/reels/{id}/comments → 201 the comment. */
export async function createComment(kind: CommunityItemKind, id: number, body: NewCommentRequest): Promise<Comment> {
  const res = await apiRequest('POST', `/api/${kind}s/${id}/comments`, body);
  return (await res.json()) as Comment;
}

export interface CommentDraft {
  content: string;
  /** The comment answered (a reply's id too: the server files it under its top-level comment). */
  parentId?: number;
  /** The top-level comment whose replies the new one joins; absent for a top-level comment. */
  threadId?: number;
}

let nextTempId = -1;

/**
 * Posts a comment or reply optimistically: it shows at once at the end of its list (or its
 * thread, when that is loaded), the count moves by one (`onCountChange`), and a failure takes
 * it back out and says why in a toast.
 */
export function useCreateComment(
  kind: CommunityItemKind,
  id: number,
  me: Pick<User, 'id' | 'username' | 'displayName' | 'profileImageUrl'>,
  onCountChange?: (delta: number) => void,
) {
  const queryClient = useQueryClient();
  const listKey = commentKeys.list(kind, id);
  return useMutation({
    mutationKey: commentKeys.create(kind, id),
    mutationFn: (draft: CommentDraft) =>
      createComment(kind, id, { content: draft.content.trim(), ...(draft.parentId ? { parentId: draft.parentId } : {}) }),
    onMutate: async (draft) => {
      const tempId = nextTempId--;
      const optimistic: Comment = {
        id: tempId,
        postId: kind === 'post' ? id : null,
        reelId: kind === 'reel' ? id : null,
        parentId: draft.threadId ?? null,
        user: { id: me.id, username: me.username, displayName: me.displayName, profileImageUrl: me.profileImageUrl },
        content: draft.content.trim(),
        likesCount: 0,
        isLiked: false,
        repliesCount: 0,
        createdAt: new Date().toISOString(),
      };
      let inThread = false;
      if (draft.threadId !== undefined) {
        const repliesKey = commentKeys.replies(draft.threadId);
        // The thread opens with the reply: its replies are read before the reply is sent (the
        // request waits for this), so a read that started first cannot land after the reply
        // and wipe it from the list.
        try {
          await queryClient.ensureInfiniteQueryData(repliesQueryOptions(draft.threadId, true));
        } catch {
          // The thread could not be read: the reply still goes, and the thread is refetched after.
        }
        await queryClient.cancelQueries({ queryKey: repliesKey });
        inThread = queryClient.getQueryData<CommentPages>(repliesKey) !== undefined;
        if (inThread) queryClient.setQueryData<CommentPages>(repliesKey, (data) => appendToList(data, optimistic));
        updateCachedComment(queryClient, draft.threadId, (c) => ({ ...c, repliesCount: c.repliesCount + 1 }));
      } else {
        await queryClient.cancelQueries({ queryKey: listKey });
        queryClient.setQueryData<CommentPages>(listKey, (data) => appendToList(data, optimistic));
      }
      onCountChange?.(1);
      return { tempId, inThread };
    },
    onError: (error, draft, context) => {
      if (context) {
        const key = draft.threadId !== undefined ? commentKeys.replies(draft.threadId) : listKey;
        queryClient.setQueryData<CommentPages>(key, (data) => replaceInList(data, context.tempId, null));
        if (draft.threadId !== undefined) {
          updateCachedComment(queryClient, draft.threadId, (c) => ({ ...c, repliesCount: Math.max(0, c.repliesCount - 1) }));
        }
        onCountChange?.(-1);
      }
      toast({ variant: 'destructive', title: 'Comment not posted', description: errorMessage(error) ?? 'Please try again.' });
    },
    onSuccess: (comment, draft, context) => {
      if (draft.threadId === undefined) {
        queryClient.setQueryData<CommentPages>(listKey, (data) => replaceInList(data, context.tempId, comment));
      } else if (context.inThread) {
        queryClient.setQueryData<CommentPages>(commentKeys.replies(draft.threadId), (data) =>
          replaceInList(data, context.tempId, comment),
        );
      } else {
        void queryClient.invalidateQueries({ queryKey: commentKeys.replies(draft.threadId) });
      }
    },
  });
}

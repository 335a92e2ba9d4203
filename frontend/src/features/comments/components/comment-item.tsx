//! One comment: avatar, name and text (tags and mentions linked), its age, likes, the 'Reply'
//! and delete actions (delete asks first, issue 43) and, on someone else's, the '⋯' menu that
//! mutes or blocks them (issue 20);
//! a top-level comment also carries 'View replies (n)' and, once opened, its replies (one level:
//! a reply's 'Reply' answers in the same thread).
import { Heart, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { AuthorMenu } from '@/components/author-menu';
import { RichText } from '@/components/rich-text';
import { Avatar } from '@/components/ui/avatar';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { relativeTime } from '@/lib/relative-time';
import { profileHref } from '@/lib/rich-text';
import { cn } from '@/lib/utils';
import { flattenComments } from '../api/cache';
import { useDeleteComment } from '../api/delete-comment';
import { useReplies } from '../api/get-replies';
import { useToggleCommentLike } from '../api/toggle-comment-like';
import { canDeleteComment } from '../permissions';
import type { Comment } from '../types';

export interface Viewer {
  id: number;
  isAdmin: boolean;
}

/** Whom a reply answers: the comment clicked, and the top-level comment whose thread it joins. */
export interface ReplyTarget {
  parentId: number;
  threadId: number;
  username: string;
}

interface ItemProps {
  comment: Comment;
  viewer: Viewer;
  itemAuthorId: number;
  onReply: (target: ReplyTarget) => void;
  onCountChange?: (delta: number) => void;
}

/** What else goes: a top-level comment takes its replies with it. */
function deleteCommentText(comment: Comment): string {
  const replies = comment.parentId === null ? comment.repliesCount : 0;
  if (replies === 0) return 'This cannot be undone.';
  return `Its ${replies === 1 ? 'reply goes' : `${replies.toLocaleString('en-US')} replies go`} with it. This cannot be undone.`;
}

/** The bin, asking 'Delete comment?' first. */
function DeleteComment({ comment, remove }: { comment: Comment; remove: ReturnType<typeof useDeleteComment> }) {
  const [asking, setAsking] = useState(false);
  return (
    <ConfirmDialog
      open={asking}
      onOpenChange={setAsking}
      trigger={
        <button
          type="button"
          aria-label="Delete comment"
          disabled={remove.isPending}
          className="grid size-11 place-items-center rounded-full text-zinc-400 hover:bg-white/5 hover:text-rose-300"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      }
      title="Delete comment?"
      description={deleteCommentText(comment)}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={remove.isPending}
      onConfirm={() => remove.mutate(undefined, { onSuccess: () => setAsking(false) })}
    />
  );
}

const smallAction = 'min-h-11 px-1 text-xs font-semibold text-zinc-400 hover:text-white';

function CommentRow({ comment, viewer, itemAuthorId, onReply, onCountChange }: ItemProps) {
  const like = useToggleCommentLike(comment.id);
  const remove = useDeleteComment(comment, onCountChange);
  const pending = comment.id < 0;
  const threadId = comment.parentId ?? comment.id;

  return (
    <div
      data-comment-id={pending ? undefined : comment.id}
      aria-busy={pending || remove.isPending || undefined}
      className={cn('flex gap-3', (pending || remove.isPending) && 'opacity-60')}
    >
      <Link href={profileHref(comment.user.username)} className="shrink-0 pt-1" aria-label={comment.user.displayName}>
        <Avatar src={comment.user.profileImageUrl} name={comment.user.displayName} className="size-8 text-sm" />
      </Link>
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words whitespace-pre-line text-zinc-100">
          <Link href={profileHref(comment.user.username)} className="mr-1.5 font-semibold text-white hover:underline">
            {comment.user.username}
          </Link>
          <RichText text={comment.content} />
        </p>
        <div className="-ml-1 flex flex-wrap items-center gap-x-2 text-xs text-zinc-500">
          {pending ? (
            <span className="min-h-11 px-1 leading-[2.75rem]">Posting…</span>
          ) : (
            <>
              <time dateTime={comment.createdAt} className="px-1">
                {relativeTime(comment.createdAt)}
              </time>
              {comment.likesCount > 0 && (
                <span className="px-1">{`${comment.likesCount.toLocaleString('en-US')} ${comment.likesCount === 1 ? 'like' : 'likes'}`}</span>
              )}
              <button
                type="button"
                className={smallAction}
                onClick={() => onReply({ parentId: comment.id, threadId, username: comment.user.username })}
              >
                Reply
              </button>
              {canDeleteComment(comment, viewer, itemAuthorId) && (
                <DeleteComment comment={comment} remove={remove} />
              )}
              <AuthorMenu
                author={comment.user}
                report={{ targetType: 'comment', targetId: comment.id }}
                iconClassName="size-4"
                className="text-zinc-400 hover:bg-white/5 hover:text-white"
              />
            </>
          )}
        </div>
      </div>
      {!pending && (
        <button
          type="button"
          aria-label="Like comment"
          aria-pressed={comment.isLiked}
          onClick={() => like.mutate()}
          className="grid size-11 shrink-0 place-items-center rounded-full text-zinc-400 transition hover:bg-white/5 hover:text-white active:scale-90"
        >
          <Heart aria-hidden="true" className={cn('size-4', comment.isLiked && 'fill-rose-500 text-rose-500')} />
        </button>
      )}
    </div>
  );
}

function Replies({ comment, open, onToggle, ...rest }: ItemProps & { open: boolean; onToggle: () => void }) {
  const replies = useReplies(comment.id, open);
  const items = flattenComments(replies.data);
  if (comment.repliesCount === 0 && items.length === 0) return null;

  return (
    <div className="mt-1 ml-11">
      <button
        type="button"
        aria-expanded={open}
        onClick={onToggle}
        className="flex min-h-11 items-center gap-2 text-xs font-semibold text-zinc-400 hover:text-white"
      >
        <span aria-hidden="true" className="h-px w-6 bg-zinc-600" />
        {open ? 'Hide replies' : `View replies (${comment.repliesCount})`}
      </button>
      {open && (
        <div className="space-y-2">
          {replies.hasNextPage && (
            <button
              type="button"
              disabled={replies.isFetchingNextPage}
              onClick={() => void replies.fetchNextPage()}
              className={smallAction}
            >
              View older replies
            </button>
          )}
          {replies.isPending ? (
            <p role="status" aria-label="Loading replies" className="py-2 text-xs text-zinc-500">
              Loading…
            </p>
          ) : replies.isError ? (
            <p className="py-2 text-xs text-rose-300">Failed to load replies.</p>
          ) : (
            <ul aria-label={`Replies to ${comment.user.username}`} className="space-y-2">
              {items.map((reply) => (
                <li key={reply.id}>
                  <CommentRow comment={reply} {...rest} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** A top-level comment with its thread, open while `repliesOpen` (the panel opens it for a reply too). */
export function CommentItem({
  repliesOpen,
  onToggleReplies,
  ...props
}: ItemProps & { repliesOpen: boolean; onToggleReplies: () => void }) {
  return (
    <article aria-label={`Comment by ${props.comment.user.username}`}>
      <CommentRow {...props} />
      <Replies {...props} open={repliesOpen} onToggle={onToggleReplies} />
    </article>
  );
}

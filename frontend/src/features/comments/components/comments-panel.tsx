//! A post's or reel's comments (issue 19): the newest page, oldest first; older pages (through
//! `?before=`) load above as the reader scrolls up to the top, or from the 'View older comments'
//! button there; each comment with its thread, and the composer pinned at the bottom. Used in the
//! comments sheet and beside the post on /p/{id}.
import { MessageCircle } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useLoadMore } from '@/hooks/use-load-more';
import { useCurrentUser } from '@/lib/auth';
import type { CommentTarget } from '@/lib/community-actions';
import { cn } from '@/lib/utils';
import { flattenComments } from '../api/cache';
import { useCreateComment } from '../api/create-comment';
import { useComments } from '../api/get-comments';
import { CommentComposer, type MentionSearchHook } from './comment-composer';
import { CommentItem, type ReplyTarget } from './comment-item';

function CommentsSkeleton() {
  return (
    <div role="status" aria-label="Loading comments" className="space-y-4 p-4">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-8 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="h-3 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function CommentsPanel({
  target,
  useMentionSearch,
  onCountChange,
  inputRef,
  className,
  composerClassName,
}: {
  target: CommentTarget;
  useMentionSearch: MentionSearchHook;
  /** The post's or reel's comments count moves by `delta` (the page writes it into its caches). */
  onCountChange?: (delta: number) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  className?: string;
  /** The post page pins the composer above the tab bar. */
  composerClassName?: string;
}) {
  const me = useCurrentUser();
  const comments = useComments(target.kind, target.id);
  const create = useCreateComment(target.kind, target.id, me, onCountChange);
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const [openThreads, setOpenThreads] = useState<ReadonlySet<number>>(new Set());
  const listEnd = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const items = flattenComments(comments.data);
  // Older pages come in above what the reader is looking at: the distance from the bottom is
  // kept across the page so the list does not jump (the browser's own anchoring is off).
  const fromBottom = useRef<number | null>(null);
  // Scrolling up to the top loads older comments; only after the reader has scrolled, so a short
  // first page does not pull in every older page by itself.
  const [scrolled, setScrolled] = useState(false);
  const pages = comments.data?.pages.length ?? 0;

  const loadOlder = () => {
    const node = scroller.current;
    if (node) fromBottom.current = node.scrollHeight - node.scrollTop;
    void comments.fetchNextPage();
  };
  const olderSentinel = useLoadMore<HTMLButtonElement>(
    loadOlder,
    scrolled && comments.hasNextPage && !comments.isFetchingNextPage,
    '0px',
  );

  useLayoutEffect(() => {
    const node = scroller.current;
    if (node && fromBottom.current !== null) node.scrollTop = node.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [pages]);

  const toggleThread = (id: number) =>
    setOpenThreads((open) => {
      const next = new Set(open);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = (content: string) => {
    if (replyTo) {
      setOpenThreads((open) => new Set(open).add(replyTo.threadId));
      create.mutate({ content, parentId: replyTo.parentId, threadId: replyTo.threadId });
    } else {
      create.mutate({ content });
      requestAnimationFrame(() => listEnd.current?.scrollIntoView?.({ block: 'end' }));
    }
    setReplyTo(null);
  };

  let body;
  if (comments.isPending) body = <CommentsSkeleton />;
  else if (comments.isError)
    body = <EmptyState title="Failed to load comments" description="Please try again later." />;
  else if (items.length === 0)
    body = (
      <EmptyState
        icon={<MessageCircle aria-hidden="true" className="size-6" />}
        title="No comments yet"
        description="Start the conversation."
      />
    );
  else
    body = (
      <div className="space-y-3 px-3 py-3">
        {comments.hasNextPage && (
          <button
            ref={olderSentinel}
            type="button"
            disabled={comments.isFetchingNextPage}
            onClick={loadOlder}
            className="min-h-11 px-1 text-sm font-semibold text-zinc-400 hover:text-white"
          >
            {comments.isFetchingNextPage ? 'Loading…' : 'View older comments'}
          </button>
        )}
        <ul aria-label="Comments" className="space-y-3">
          {items.map((comment) => (
            <li key={comment.id}>
              <CommentItem
                comment={comment}
                viewer={me}
                itemAuthorId={target.authorId}
                onReply={setReplyTo}
                onCountChange={onCountChange}
                repliesOpen={openThreads.has(comment.id)}
                onToggleReplies={() => toggleThread(comment.id)}
              />
            </li>
          ))}
        </ul>
        <div ref={listEnd} />
      </div>
    );

  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      <div
        ref={scroller}
        onScroll={scrolled ? undefined : () => setScrolled(true)}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain [overflow-anchor:none]"
      >
        {body}
      </div>
      <CommentComposer
        onSubmit={submit}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        useMentionSearch={useMentionSearch}
        inputRef={inputRef}
        className={composerClassName}
      />
    </div>
  );
}

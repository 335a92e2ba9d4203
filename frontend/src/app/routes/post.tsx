//! /p/{id} (issue 19): the post, a real deep link, with its comments beside it; the card's
//! comment bubble moves to the composer, which stays above the tab bar on a phone.
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Redirect, useParams } from 'wouter';
import { CommentsPanel } from '@/features/comments/components/comments-panel';
import { PostView } from '@/features/posts/components/post-view';
import { moveCommentsCount, useMentionSearch } from '../layout/community-layer';

export default function PostPage() {
  const { id } = useParams<{ id: string }>();
  const postId = Number(id);
  const queryClient = useQueryClient();
  const composer = useRef<HTMLInputElement>(null);
  if (!Number.isSafeInteger(postId) || postId <= 0) return <Redirect to="/explore" replace />;

  return (
    <PostView
      key={postId}
      postId={postId}
      onComment={() => composer.current?.focus()}
      comments={(post) => (
        <CommentsPanel
          target={{ kind: 'post', id: post.id, authorId: post.user.id }}
          useMentionSearch={useMentionSearch}
          onCountChange={(delta) => moveCommentsCount(queryClient, { kind: 'post', id: post.id }, delta)}
          inputRef={composer}
          className="lg:min-h-0 lg:flex-1"
          composerClassName="sticky bottom-[calc(57px+env(safe-area-inset-bottom))] lg:static"
        />
      )}
    />
  );
}

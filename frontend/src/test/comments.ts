//! Fixtures for comments.
import type { Comment } from '@/features/comments/types';

let nextId = 500;

export function aComment(overrides: Partial<Comment> = {}): Comment {
  const id = overrides.id ?? nextId++;
  return {
    id,
    postId: 7,
    reelId: null,
    parentId: null,
    user: { id: 2, username: 'leo', displayName: 'Leo Park', profileImageUrl: null },
    content: `Comment ${id}`,
    likesCount: 0,
    isLiked: false,
    repliesCount: 0,
    createdAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
    ...overrides,
  };
}

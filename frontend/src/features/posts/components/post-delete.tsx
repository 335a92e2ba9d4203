//! 'Delete post' (issue 43) in the post's '⋯' menu (components/owner-delete.tsx). Deleted from
//! its own page (/p/{id}), the post's author lands on Home.
import { useLocation } from 'wouter';
import { useOwnerDelete } from '@/components/owner-delete';
import type { Post } from '@/types/social';
import { useDeletePost } from '../api/delete-post';

export function usePostDelete(post: Pick<Post, 'id' | 'user'>) {
  const [location, navigate] = useLocation();
  const remove = useDeletePost(post.id, () => {
    if (location === `/p/${post.id}`) navigate('/');
  });
  return useOwnerDelete({ ownerId: post.user.id, noun: 'post', goesWithIt: 'Its likes, comments and saves', remove });
}

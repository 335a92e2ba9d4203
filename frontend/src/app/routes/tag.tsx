//! /explore/tags/{tag} (issue 19): the tag's posts and count.
import { useParams } from 'wouter';
import { TagPostsScreen } from '@/features/posts/components/tag-posts-screen';

export default function TagPage() {
  const { tag = '' } = useParams<{ tag: string }>();
  const name = decodeURIComponent(tag).replace(/^#/, '').toLowerCase();
  return <TagPostsScreen key={name} tag={name} />;
}

//! A post's images as the grids and cards show them (issue 44): the first image is its cover.
import type { Post } from '@/types/social';
import { postAlt } from './components/post-card';

/** The cover of a tile: the first image's thumbnail, and its alt text (or the caption's). */
export function coverOf(post: Post) {
  const first = post.media[0];
  return {
    src: first.thumbnailUrl ?? first.url,
    alt: first.alt.trim() || postAlt(post),
    width: first.width,
    height: first.height,
    blurhash: first.blurhash,
  };
}

/** ', 3 images' after a tile's name when the post holds several. */
export function imagesSuffix(post: Post): string {
  return post.media.length > 1 ? `, ${post.media.length} images` : '';
}

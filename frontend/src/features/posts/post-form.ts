//! The create-post form's rules (spec 000 §5, §9): caption length, a required image that the
//! server can take, and tags typed as one comma-separated line, within the server's limits.
import { imageAddressProblem } from '@/lib/image-address';
import type { CreatePostRequest } from '@/types/social';

export const CAPTION_MAX = 2200;

export interface PostFormValues {
  caption: string;
  imageUrl: string;
  location: string;
  tags: string;
}

/**
 * 'art, #code , ,music' → ['art', 'code', 'music']: split on commas, trimmed, blanks dropped.
 * A leading '#' is dropped too, since the card already shows tags as #tag.
 */
export function parseTags(input: string): string[] {
  return input
    .split(',')
    .map((tag) => tag.trim().replace(/^#+/, '').trim())
    .filter((tag) => tag.length > 0);
}

/** Characters as a reader counts them (an emoji is one), as the server counts them too. */
export function captionLength(caption: string): number {
  return Array.from(caption).length;
}

/** The live counter under the caption, e.g. '12/2200'. */
export function captionCounter(caption: string): string {
  return `${captionLength(caption)}/${CAPTION_MAX}`;
}

export type PostFormResult = { ok: true; payload: CreatePostRequest } | { ok: false; message: string };

/** Checks in the spec's order (caption, then image) and builds the request body. */
export function validatePostForm(values: PostFormValues): PostFormResult {
  if (captionLength(values.caption) > CAPTION_MAX) {
    return { ok: false, message: 'Caption must be under 2200 characters' };
  }
  const imageUrl = values.imageUrl.trim();
  if (!imageUrl) {
    return { ok: false, message: 'Please select an image or enter a URL' };
  }
  const addressProblem = imageAddressProblem(imageUrl);
  if (addressProblem) return { ok: false, message: addressProblem };
  const payload: CreatePostRequest = { caption: values.caption.trim(), imageUrl };
  const location = values.location.trim();
  if (location) payload.location = location;
  const tags = parseTags(values.tags);
  if (tags.length > 0) payload.tags = tags;
  return { ok: true, payload };
}

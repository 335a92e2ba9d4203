//! The create-post form's rules: caption length, 1 to 10 images the server can take, each with
//! its alt text (issue 44), and tags typed as one comma-separated line, within the server's
//! limits. A draft is checked the same way, with no image needed yet.
import { imageAddressProblem } from '@/lib/image-address';
import type { CreatePostRequest, EditPostRequest } from '@/types/social';

export const CAPTION_MAX = 2200;
/** The server's tag limits (backend social/rules/post.rs), with its messages. */
const TAGS_MAX = 30;
const TAG_MAX = 50;
const TAG_MESSAGES = {
  tooLong: `Each tag must be at most ${TAG_MAX} characters`,
  tooMany: `A post can have at most ${TAGS_MAX} tags`,
} as const;

/** A post holds at most this many images (issue 44, the server's MEDIA_MAX). */
export const MEDIA_MAX = 10;
/** An image's alt text, at most (the server's limit). */
export const ALT_MAX = 1500;

export interface PostFormImage {
  /** A data URL of a picked image, or a typed address. */
  image: string;
  alt: string;
}

export interface PostFormValues {
  caption: string;
  media: PostFormImage[];
  location: string;
  tags: string;
}

/**
 * 'art, #code , ,music, Art' → ['art', 'code', 'music']: split on commas, trimmed, blanks dropped.
 * A leading '#' is dropped too, since the card already shows tags as #tag; a tag repeated in
 * another case (ASCII, as the server compares) is kept once, as typed first, so the 30-tag
 * limit counts what the server counts.
 */
export function parseTags(input: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of input.split(',')) {
    const tag = raw.trim().replace(/^#+/, '').trim();
    const key = tag.replace(/[A-Z]/g, (c) => c.toLowerCase());
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/** Characters as a reader counts them (an emoji is one), as the server counts them too. */
export function charLength(text: string): number {
  return Array.from(text).length;
}

/** The live counter under the caption, e.g. '12/2200'. */
export function captionCounter(caption: string): string {
  return `${charLength(caption)}/${CAPTION_MAX}`;
}

export type PostFormResult = { ok: true; payload: CreatePostRequest } | { ok: false; message: string };

/**
 * Checks in the spec's order (caption, then image), then the server's rules (the image address,
 * each tag's length, the number of tags), and builds the request body. `kept`: the addresses of a
 * draft's own images (`/media/…`), sent back as they are to keep them (issue 44).
 */
export function validatePostForm(values: PostFormValues, kept: readonly string[] = []): PostFormResult {
  return checkForm(values, kept, true);
}

/**
 * A draft (issue 44) checked as a post is, except that it may have no image yet; its body is a
 * post's (the server takes the same fields, each time all of them).
 */
export function validateDraftForm(values: PostFormValues, kept: readonly string[] = []): PostFormResult {
  return checkForm(values, kept, false);
}

function checkForm(values: PostFormValues, kept: readonly string[], needsImage: boolean): PostFormResult {
  if (charLength(values.caption) > CAPTION_MAX) {
    return { ok: false, message: 'Caption must be under 2200 characters' };
  }
  const media = values.media.map((item) => ({ image: item.image.trim(), alt: item.alt.trim() })).filter((item) => item.image);
  if (needsImage && media.length === 0) {
    return { ok: false, message: 'Please select an image or enter a URL' };
  }
  if (media.length > MEDIA_MAX) return { ok: false, message: `A post can have at most ${MEDIA_MAX} images` };
  for (const item of media) {
    const addressProblem = kept.includes(item.image) ? null : imageAddressProblem(item.image);
    if (addressProblem) return { ok: false, message: addressProblem };
    if (charLength(item.alt) > ALT_MAX) return { ok: false, message: `Alt text must be at most ${ALT_MAX} characters` };
  }
  const payload: CreatePostRequest = {
    caption: values.caption.trim(),
    media: media.map(({ image, alt }) => (alt ? { image, alt } : { image })),
  };
  const location = values.location.trim();
  if (location) payload.location = location;
  const tags = parseTags(values.tags);
  const problem = tagsProblem(tags);
  if (problem) return { ok: false, message: problem };
  if (tags.length > 0) payload.tags = tags;
  return { ok: true, payload };
}

/** What is wrong with `tags` by the server's rules, in its words, or null. */
function tagsProblem(tags: string[]): string | null {
  if (tags.some((tag) => charLength(tag) > TAG_MAX)) return TAG_MESSAGES.tooLong;
  if (tags.length > TAGS_MAX) return TAG_MESSAGES.tooMany;
  return null;
}

export interface PostEditValues {
  caption: string;
  location: string;
  tags: string;
  /** Each image's alt text, in order. */
  alts: string[];
}

export type PostEditResult = { ok: true; payload: EditPostRequest } | { ok: false; message: string };

/**
 * An edit (issue 44) checked as a new post is, and its body: every field sent (a blank
 * location clears it), alt texts trimmed.
 */
export function validatePostEdit(values: PostEditValues): PostEditResult {
  if (charLength(values.caption) > CAPTION_MAX) {
    return { ok: false, message: 'Caption must be under 2200 characters' };
  }
  const alts = values.alts.map((alt) => alt.trim());
  if (alts.some((alt) => charLength(alt) > ALT_MAX)) return { ok: false, message: `Alt text must be at most ${ALT_MAX} characters` };
  const tags = parseTags(values.tags);
  const problem = tagsProblem(tags);
  if (problem) return { ok: false, message: problem };
  return { ok: true, payload: { caption: values.caption.trim(), location: values.location.trim(), tags, alts } };
}

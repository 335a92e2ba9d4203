//! The checks a picked video and caption pass before upload (docs/shop-contract.md): the server
//! checks the same again, by the bytes.

export const REEL_VIDEO_TYPES = ['video/webm', 'video/mp4'] as const;
export const REEL_ACCEPT = REEL_VIDEO_TYPES.join(',');
export const REEL_MAX_BYTES = 100 * 1024 * 1024;
export const REEL_MAX_SECONDS = 60;
export const REEL_CAPTION_MAX = 2200;
/** The server's words for a caption past the limit. */
export const REEL_CAPTION_TOO_LONG = 'Caption must be at most 2200 characters';

/** Characters as the server counts them (code points, not UTF-16 units). */
export function captionLength(caption: string): number {
  return [...caption].length;
}

export type VideoCheck = { ok: true } | { ok: false; title: string; description: string };

export function checkVideoFile(file: File): VideoCheck {
  if (!(REEL_VIDEO_TYPES as readonly string[]).includes(file.type)) {
    return { ok: false, title: 'Invalid file type', description: 'Video must be WebM or MP4' };
  }
  if (file.size > REEL_MAX_BYTES) {
    return { ok: false, title: 'File too large', description: 'Videos must be at most 100 MB' };
  }
  return { ok: true };
}

/** The preview's length, once known; a second of slack as on the server. */
export function checkDuration(seconds: number): VideoCheck {
  if (Number.isFinite(seconds) && seconds > REEL_MAX_SECONDS + 1) {
    return { ok: false, title: 'Video too long', description: 'Reels must be at most 60 seconds' };
  }
  return { ok: true };
}

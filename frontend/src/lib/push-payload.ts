//! What a Web Push message becomes on screen (issue 21), kept pure so Vitest can check it: the
//! service worker (src/sw.ts) parses the payload the server sends, shows the notification this
//! builds, and opens the path `clickTarget` allows when it is tapped.

/** The JSON body of a push: `text` is the whole sentence ('leo and 3 others liked your post'). */
export interface PushPayload {
  title?: string;
  text: string;
  actors?: string[];
  url: string;
  tag?: string;
}

/** The icon and badge a notification shows (paths in the build). */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/icon-192.png';

const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * The payload, or null when the body is not JSON or lacks the text or url: such a push shows
 * nothing rather than a notification of nothing. Unknown fields are ignored.
 */
export function parsePushPayload(body: string | null | undefined): PushPayload | null {
  if (!body) return null;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { title, text, actors, url, tag } = value as Record<string, unknown>;
  if (!isString(text) || text.trim() === '' || !isString(url)) return null;
  return {
    ...(isString(title) && title.trim() !== '' ? { title } : {}),
    text,
    ...(Array.isArray(actors) ? { actors: actors.filter(isString) } : {}),
    url,
    ...(isString(tag) && tag !== '' ? { tag } : {}),
  };
}

/** What `registration.showNotification(title, options)` is given for a payload. */
export function notificationFor(payload: PushPayload): { title: string; options: NotificationOptions } {
  return {
    title: payload.title ?? 'Atelier',
    options: {
      body: payload.text,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      // A newer push of the same tag replaces the old one ('leo and 4 others…') instead of stacking.
      ...(payload.tag ? { tag: payload.tag } : {}),
      data: { url: payload.url },
    },
  };
}

/**
 * The path a tapped notification opens: `url` when it stays on `origin` (a path such as
 * '/p/42', or an absolute address of this origin), as path, query and fragment; anything else
 * (another site, `javascript:`, nothing at all) opens '/'.
 */
export function clickTarget(url: unknown, origin: string): string {
  if (!isString(url) || url === '') return '/';
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return '/';
  }
  if (target.origin !== origin) return '/';
  return `${target.pathname}${target.search}${target.hash}`;
}

//! Closing a screen that can be opened from several places (New Reel: the reels pager's '+ New
//! reel', the create chooser) goes back to the page that opened it. The opener navigates with
//! `OPENED_IN_APP` as the new history entry's state: the entry before it is then a page of ours,
//! and history.back() returns there. Opened any other way (a typed URL, a bookmark, a link from
//! another site) the entry has no such state, and closing goes to a fallback page instead of
//! leaving the app. The state stays with its entry through reloads and back/forward.

/** The history state an in-app opener navigates with (wouter: `navigate(to, { state })`, `<Link state>`). */
export const OPENED_IN_APP = { openedInApp: true } as const;

/** Whether the current history entry was opened from a page of this app. */
export function wasOpenedInApp(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && (state as { openedInApp?: unknown }).openedInApp === true;
}

/** Back to the opener when there is one of ours, else `navigate(fallback)`. */
export function closeToOpener(navigate: (to: string) => void, fallback: string): void {
  if (wasOpenedInApp()) window.history.back();
  else navigate(fallback);
}

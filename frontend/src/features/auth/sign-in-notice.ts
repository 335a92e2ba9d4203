//! A line for the sign-in form to show after another page sent the user to it (the reset's
//! 'Password changed. …'). It rides in the history entry's state (wouter: `navigate(to, { state })`),
//! so it survives a reload of that entry and goes with it.

/** The history state that carries `notice` to the sign-in form. */
export function signInNoticeState(notice: string) {
  return { signInNotice: notice };
}

/** The notice the current history entry carries, or null. */
export function readSignInNotice(): string | null {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null) return null;
  const notice = (state as { signInNotice?: unknown }).signInNotice;
  return typeof notice === 'string' ? notice : null;
}

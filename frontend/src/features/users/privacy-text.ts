//! Every user-visible string of private accounts and follow requests (issue 20) in one place:
//! the follow button's third state, a private profile's locked state, and the follow requests
//! list on your own profile. The spec has none of these; where it has a string
//! (the follow toasts) follow.ts keeps using it. Tests read them from here too.

export const FOLLOW_TEXT = {
  follow: 'Follow',
  following: 'Following',
  requested: 'Requested',
  /** Toasts (title 'Success', as the spec's follow toasts). */
  requestSent: 'Your request to follow has been sent.',
  requestWithdrawn: 'Your follow request has been withdrawn.',
  withdrawFailed: 'Failed to withdraw your follow request. Please try again.',
} as const;

export const PRIVATE_PROFILE_TEXT = {
  /** Beside @username in the header, for screen readers (a lock icon shows it). */
  badge: 'Private account',
  title: 'This account is private',
  follow: 'Follow this account to see their photos and videos.',
  requested: 'Your request is waiting for their approval.',
} as const;

export const FOLLOW_REQUESTS_TEXT = {
  entry: 'Follow requests',
  /** Read after the entry's count ('Follow requests 3 pending'). */
  pending: 'pending',
  /** The entry's accessible name: its text, the count and 'pending'. */
  entryLabel: (count: string) => `Follow requests ${count} pending`,
  title: 'Follow requests',
  description: 'Approve to let them follow you and see your posts, reels and stories.',
  list: 'Follow requests',
  loading: 'Loading follow requests',
  empty: 'No pending follow requests.',
  loadFailed: 'Failed to load follow requests',
  loadFailedHint: 'Please try again later.',
  approve: 'Approve',
  decline: 'Decline',
  approveLabel: (username: string) => `Approve @${username}`,
  declineLabel: (username: string) => `Decline @${username}`,
  approved: (username: string) => `@${username} now follows you`,
  declined: (username: string) => `Declined @${username}`,
  approveFailed: (username: string) => `Failed to approve @${username}. Please try again.`,
  declineFailed: (username: string) => `Failed to decline @${username}. Please try again.`,
} as const;

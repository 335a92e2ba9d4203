//! Every user-visible string of the admin's Reports tab (issue 20) in one place. The spec has no
//! moderation queue; these follow the other tabs' wording ('Failed to … Please try again.').
//! Tests read them from here too.
import type { ReportAction, ReportCase, ReportReason } from './types';

export const REASON_LABEL: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  nudity: 'Nudity',
  violence: 'Violence',
  hate: 'Hate',
  intellectual_property: 'Intellectual property',
  other: 'Other',
};

export const TARGET_LABEL: Record<ReportCase['targetType'], string> = {
  post: 'Post',
  comment: 'Comment',
  reel: 'Reel',
  story: 'Story',
  message: 'Message',
  user: 'Account',
  review: 'Product review',
  voice_reaction: 'Voice reaction',
};

const ACTION_DONE: Record<ReportAction, string> = {
  dismiss: 'Dismissed',
  remove: 'Removed',
  suspend: 'Suspended',
};

export const REPORTS_TEXT = {
  tab: 'Reports',
  heading: 'Reports',
  filter: 'Show',
  open: 'Open',
  resolved: 'Resolved',
  list: 'Reported content',
  empty: { open: 'No open reports', resolved: 'No resolved reports' },
  emptyHint: { open: 'Everything reported has been reviewed.', resolved: 'Decisions on reports show here.' },
  loadFailed: 'Failed to load reports',
  loadFailedHint: 'Please try again later.',
  columns: { content: 'Content', author: 'Author', type: 'Type', reasons: 'Reasons', count: 'Reports', first: 'First reported', decision: 'Decision' },
  count: (n: number) => `${n} ${n === 1 ? 'report' : 'reports'}`,
  firstReported: 'First reported',
  view: 'View',
  openContent: 'Open content',
  hideContent: 'Hide content',
  contentLoading: 'Loading the content…',
  contentFailed: 'Could not open this content',
  contentRemoved: 'Removed by moderation',
  contentAudited: 'Read-only; this read is in the audit log.',
  /** A row's accessible name. */
  rowLabel: (r: ReportCase) => `${TARGET_LABEL[r.targetType]} by @${r.author.username}, ${r.reportsCount} ${r.reportsCount === 1 ? 'report' : 'reports'}`,
  dismiss: 'Dismiss',
  remove: 'Remove',
  suspend: 'Suspend',
  /** The outcome on a resolved case. */
  outcome: (action: ReportAction | null) => (action ? ACTION_DONE[action] : 'Resolved'),
  confirm: {
    removeTitle: (r: ReportCase) => `Remove this ${TARGET_LABEL[r.targetType].toLowerCase()}?`,
    removeDescription: 'It will be hidden from everyone but admins. The case is closed.',
    suspendTitle: (r: ReportCase) => `Suspend @${r.author.username}?`,
    suspendDescription: 'Their account is deactivated: they are signed out everywhere, cannot sign in, and their content is hidden.',
    notes: 'Notes (optional)',
    notesPlaceholder: 'Why, for the audit log',
    counter: (length: number) => `${length}/${NOTES_MAX}`,
    cancel: 'Cancel',
    working: 'Working...',
  },
  decided: (action: ReportAction, r: ReportCase) =>
    action === 'suspend' ? `Suspended @${r.author.username}` : `${ACTION_DONE[action]}: ${TARGET_LABEL[r.targetType].toLowerCase()} report`,
  decideFailed: 'Failed to update the report. Please try again.',
} as const;

/** A decision's notes: at most this many characters (the server's limit). */
export const NOTES_MAX = 500;

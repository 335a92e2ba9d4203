//! Every user-visible string of reporting (issue 20) in one place: the 'Report' menu items, the
//! Report dialog and its toasts. The spec has none of these; 'Thanks for letting us know' is the
//! issue's. Tests read them from here too.
import type { ReportTargetType } from '@/lib/safety-actions';
import type { ReportReason } from './types';

/** The seven reasons in the order the dialog lists them, each with its human label. */
export const REPORT_REASONS: ReadonlyArray<{ value: ReportReason; label: string }> = [
  { value: 'spam', label: "It's spam" },
  { value: 'harassment', label: 'Bullying or harassment' },
  { value: 'nudity', label: 'Nudity or sexual activity' },
  { value: 'violence', label: 'Violence or dangerous organizations' },
  { value: 'hate', label: 'Hate speech or symbols' },
  { value: 'intellectual_property', label: 'Intellectual property violation' },
  { value: 'other', label: 'Something else' },
];

/** What the dialog's title names, per target. */
const TARGET_NOUN: Record<ReportTargetType, string> = {
  post: 'post',
  comment: 'comment',
  reel: 'reel',
  story: 'story',
  message: 'message',
  user: 'account',
  review: 'review',
  voice_reaction: 'voice reaction',
};

/** At most this many characters of details (the server's limit). */
export const REPORT_DETAILS_MAX = 1000;

export const REPORT_TEXT = {
  /** The menu item. */
  item: 'Report',
  /** The item on a profile's menu. */
  profileItem: 'Report account',
  /** A message's action button. */
  messageLabel: 'Report message',
  title: (targetType: ReportTargetType) => `Report this ${TARGET_NOUN[targetType]}`,
  description: 'Why are you reporting this? Your report is anonymous.',
  reasons: 'Reason',
  details: 'Details (optional)',
  detailsPlaceholder: 'Anything else the team should know',
  counter: (length: number) => `${length}/${REPORT_DETAILS_MAX}`,
  submit: 'Submit',
  submitting: 'Submitting...',
  cancel: 'Cancel',
  /** After the server has the report. */
  thanks: 'Thanks for letting us know',
  thanksDescription: "We'll review your report and take action if it goes against our guidelines.",
  failed: 'Failed to send your report. Please try again.',
  /** An account of another server (issue 46): the reporter may send the report there too. */
  forward: (host: string) => `Also send this report to ${host}`,
  forwardHint: "Their moderators see it too, sent from this server, not from you.",
} as const;

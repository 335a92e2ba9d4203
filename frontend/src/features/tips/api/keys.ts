//! Query and mutation keys of tips.
export const tipKeys = {
  all: ['tips'] as const,
  send: () => ['tips', 'send'] as const,
  /** 'Tips you sent', newest first. */
  sent: () => ['tips', 'sent'] as const,
};

/** Tips a page of 'Tips you sent' holds. */
export const SENT_TIPS_PAGE_SIZE = 20;

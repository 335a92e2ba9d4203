//! Query and mutation keys of tips.
export const tipKeys = {
  all: ['tips'] as const,
  send: () => ['tips', 'send'] as const,
  /** 'Tips you sent', newest first. */
  sent: () => ['tips', 'sent'] as const,
  /** The PaymentIntent one confirmation started (Stripe mode), by that confirmation's uuid. */
  payment: (attempt: string) => ['tips', 'payment', attempt] as const,
  /** One tip, read until Stripe's payment of it arrived. */
  tip: (id: number) => ['tips', 'tip', id] as const,
};

/** Tips a page of 'Tips you sent' holds. */
export const SENT_TIPS_PAGE_SIZE = 20;

//! Query and mutation keys of earnings.
export const earningsKeys = {
  all: ['earnings'] as const,
  balance: () => ['earnings', 'balance'] as const,
  orders: () => ['earnings', 'orders'] as const,
  withdrawals: () => ['earnings', 'withdrawals'] as const,
  requestWithdrawal: () => ['earnings', 'request-withdrawal'] as const,
  summary: (days: number) => ['earnings', 'summary', days] as const,
  credits: () => ['earnings', 'credits'] as const,
};

/** Recent Orders shows the latest 5. */
export const RECENT_ORDERS = 5;
export const WITHDRAWALS_PAGE_SIZE = 20;
/** Issue 23: the chart and the totals cover the last 30 UTC days (today included). */
export const SUMMARY_DAYS = 30;
/** 'Recent sales and tips' sits above the balance: a short first page, more on 'Load more'. */
export const CREDITS_PAGE_SIZE = 10;

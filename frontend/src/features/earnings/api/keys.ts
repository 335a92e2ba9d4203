//! Query and mutation keys of earnings.
export const earningsKeys = {
  all: ['earnings'] as const,
  balance: () => ['earnings', 'balance'] as const,
  orders: () => ['earnings', 'orders'] as const,
  withdrawals: () => ['earnings', 'withdrawals'] as const,
  requestWithdrawal: () => ['earnings', 'request-withdrawal'] as const,
};

/** Spec 001 §9: Recent Orders shows the latest 5. */
export const RECENT_ORDERS = 5;
export const WITHDRAWALS_PAGE_SIZE = 20;

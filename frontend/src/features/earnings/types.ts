//! Earnings' wire types: short names for the server's OpenAPI document (api.gen.ts); nothing
//! here is written by hand. Every amount is integer cents.
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** GET /api/user/balance. */
export type Balance = Schemas['Balance'];
/** GET /api/orders: one of the session user's orders. */
export type Order = Schemas['Order'];
export type WithdrawalMethod = Schemas['WithdrawalMethod'];
export type WithdrawalStatus = Schemas['WithdrawalStatus'];
/** How a payout reaches its owner, as answered: the account number only by its last 4 characters. */
export type WithdrawalAccount = Schemas['WithdrawalAccount'];
/** GET /api/withdrawals, POST /api/withdrawals → 201. */
export type Withdrawal = Schemas['Withdrawal'];
/** POST /api/withdrawals: the amount in cents (≥ 100) and the method's details. */
export type NewWithdrawalRequest = Omit<Schemas['NewWithdrawalRequest'], 'paymentMethod'> & {
  paymentMethod: WithdrawalMethod;
};
/** GET /api/user/earnings/summary?days=: one entry per UTC day (oldest first) and the window's totals. */
export type EarningsSummary = Schemas['EarningsSummary'];
/** One UTC day: what was credited (net) from sales, tips and anything else. */
export type EarningsDay = Schemas['EarningsDay'];
/** The window's totals: net credits by source, and the fees the platform kept. */
export type EarningsTotals = Schemas['EarningsTotals'];
/** GET /api/user/earnings/credits: one credit, newest first. */
export type EarningCredit = Schemas['EarningCredit'];
export type CreditSource = Schemas['CreditSource'];

//! Earnings' wire types, written by hand from docs/shop-contract.md until the server's OpenAPI
//! document (api.gen.ts) carries them; the names match the contract's, so each becomes
//! `Schemas['Balance']` etc. once the server is merged. Every amount is integer cents.

/** GET /api/user/balance. */
export interface Balance {
  availableBalance: number;
  pendingBalance: number;
  totalEarnings: number;
}

/** GET /api/orders: one of the session user's orders. */
export interface Order {
  id: number;
  productId: number;
  productName: string;
  quantity: number;
  unitPrice: number;
  totalAmount: number;
  paymentMethod: string;
  status: string;
  createdAt: string | null;
}

export type WithdrawalMethod = 'bank_transfer' | 'paypal';
export type WithdrawalStatus = 'pending' | 'completed' | 'failed';

/** How a payout reaches its owner, as answered: the account number only by its last 4 characters. */
export interface WithdrawalAccount {
  accountHolder: string | null;
  accountNumberLast4: string | null;
  routingNumber: string | null;
  email: string | null;
}

/** GET /api/withdrawals, POST /api/withdrawals → 201. */
export interface Withdrawal {
  id: number;
  amount: number;
  processingFee: number;
  netAmount: number;
  paymentMethod: WithdrawalMethod;
  accountDetails: WithdrawalAccount;
  status: WithdrawalStatus | (string & {});
  requestedAt: string;
  processedAt: string | null;
  notes: string | null;
}

/** POST /api/withdrawals: the amount in cents (≥ 100) and the method's details. */
export interface NewWithdrawalRequest {
  amount: number;
  paymentMethod: WithdrawalMethod;
  accountDetails: {
    accountHolder?: string;
    accountNumber?: string;
    routingNumber?: string;
    email?: string;
  };
}

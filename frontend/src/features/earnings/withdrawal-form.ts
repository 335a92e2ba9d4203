//! The withdrawal form's arithmetic and checks (docs/shop-contract.md): the
//! fee is 2.5 % rounded half up to a cent in integer arithmetic, exactly as the server computes
//! it, so the preview never differs from the answer by a cent.
import { parseDollars } from '@/lib/money';
import type { NewWithdrawalRequest, WithdrawalMethod } from './types';

/** docs/shop-contract.md: the minimum withdrawal input is 1 dollar. */
export const MIN_WITHDRAWAL_CENTS = 100;

/** round half up(amount × 2.5 %) = (amount × 25 + 500) / 1000, in integer cents. */
export function withdrawalFee(amountCents: number): number {
  return Math.floor((amountCents * 25 + 500) / 1000);
}

export function netAmount(amountCents: number): number {
  return amountCents - withdrawalFee(amountCents);
}

/** The server's refusal of more than the available balance (422 `insufficient_funds`), and the spec's words after it. */
export const INSUFFICIENT_FUNDS = 'Insufficient funds';
export const INSUFFICIENT_FUNDS_DETAIL = "You don't have enough available balance for this withdrawal.";

/** Whether the typed amount is a number of dollars above the available balance (the as-you-type warning). */
export function overBalance(amountText: string, availableCents: number): boolean {
  const amount = parseDollars(amountText);
  return amount !== null && amount > availableCents;
}

export const METHODS: Array<{ value: WithdrawalMethod; label: string }> = [
  { value: 'bank_transfer', label: 'Bank Transfer' },
  { value: 'paypal', label: 'PayPal' },
];

export interface WithdrawalFormValues {
  amount: string;
  method: WithdrawalMethod | '';
  accountHolder: string;
  accountNumber: string;
  routingNumber: string;
  email: string;
}

export const EMPTY_FORM: WithdrawalFormValues = {
  amount: '',
  method: '',
  accountHolder: '',
  accountNumber: '',
  routingNumber: '',
  email: '',
};

export type FormCheck =
  | { ok: true; request: NewWithdrawalRequest }
  | { ok: false; title: string; description: string; field: 'amount' | 'method' };

/**
 * The spec's checks, in its order: the amount must be a positive number of dollars (at most two
 * decimals), at least $1.00, and not above the available balance. The method's details are
 * checked by the server (the spec's form does not), and only the chosen method's are sent.
 */
export function checkWithdrawal(values: WithdrawalFormValues, availableCents: number): FormCheck {
  const amount = parseDollars(values.amount);
  if (amount === null || amount <= 0) {
    return { ok: false, title: 'Invalid amount', description: 'Please enter a valid withdrawal amount.', field: 'amount' };
  }
  if (amount < MIN_WITHDRAWAL_CENTS) {
    return { ok: false, title: 'Invalid amount', description: 'Minimum withdrawal is $1.00', field: 'amount' };
  }
  if (amount > availableCents) {
    return { ok: false, title: INSUFFICIENT_FUNDS, description: INSUFFICIENT_FUNDS_DETAIL, field: 'amount' };
  }
  if (!values.method) {
    return { ok: false, title: 'Payment method required', description: 'Please choose a payment method.', field: 'method' };
  }
  const accountDetails: NewWithdrawalRequest['accountDetails'] =
    values.method === 'bank_transfer'
      ? {
          accountHolder: values.accountHolder.trim(),
          accountNumber: values.accountNumber.trim(),
          routingNumber: values.routingNumber.trim(),
        }
      : { email: values.email.trim() };
  return { ok: true, request: { amount, paymentMethod: values.method, accountDetails } };
}

//! Stripe's test card that pays (issue 42), typed into a card form as a buyer would, and as the
//! form sends it.
import { within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

export const PAYING_CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

/** Types the paying test card into the card fields within `scope` (replacing what is there). */
export async function fillCard(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement) {
  for (const [label, value] of [
    ['Card number', '4242424242424242'],
    ['Expiry (MM / YY)', '12 / 34'],
    ['CVC', '123'],
  ]) {
    const field = within(scope).getByLabelText(label);
    await user.clear(field);
    await user.type(field, value);
  }
}

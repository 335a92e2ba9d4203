import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SupportButton } from '@/components/support-button';
import type { TipRecipient } from '@/lib/tip-actions';
import { json, me, renderWithApp } from '@/test/render';
import { confirmPayment } from '@/test/stripe';
import { aPaymentsConfig, apiError, LIVE_PAYMENTS, serveApi } from '@/test/shop';
import { fillCard, PAYING_CARD } from '@/test/card';
import { TipLayer } from './tip-layer';

type Routes = Parameters<typeof serveApi>[0];

// Stripe.js cannot load here: its Payment Element is mocked at the module boundary by the
// same stand-in the checkout's tests use (test/stripe.tsx).
vi.mock('@stripe/stripe-js/pure', () => import('@/test/stripe').then((m) => m.stripeJs));
vi.mock('@stripe/react-stripe-js', () => import('@/test/stripe').then((m) => m.reactStripe));

const STRIPE = aPaymentsConfig({ provider: 'stripe', publishableKey: 'pk_test_abc' });

const leo: TipRecipient = { id: 2, username: 'leo', displayName: 'Leo Park' };

function aTip(body: { amount: number; postId?: number | null; reelId?: number | null; message?: string | null }) {
  return {
    id: 51,
    toUser: { id: 2, username: 'leo', displayName: 'Leo Park', profileImage: null },
    amount: body.amount,
    fee: Math.floor((body.amount * 10 + 50) / 100),
    postId: body.postId ?? null,
    reelId: body.reelId ?? null,
    message: body.message ?? null,
    createdAt: '2026-03-04T10:00:00Z',
    status: 'paid',
  };
}

const created: Routes[string] = ({ body }) => json(aTip(body as Parameters<typeof aTip>[0]), { status: 201 });

/**
 * 'Support' on Leo's post 7 (or `from`), inside the tip layer the app shell provides, in
 * StrictMode as the app runs (effects run twice: a confirmation must still start one intent).
 */
function renderSupport(routes: Routes = {}, from: { postId?: number; reelId?: number } = { postId: 7 }) {
  const server = serveApi({ 'POST /api/tips': created, ...routes });
  renderWithApp(
    <StrictMode>
      <TipLayer viewerId={me.id}>
        <SupportButton recipient={leo} {...from} />
      </TipLayer>
    </StrictMode>,
    { user: me },
  );
  return server;
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Support' }));
  return screen.getByRole('dialog', { name: 'Support Leo Park' });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Read = 'pending' | 'paid' | 'gone';

/**
 * The server in Stripe mode: the n-th intent started is tip 50 + n, pending, with the client
 * secret `pi_{n}_secret`; `reads[tipId]` answers GET /api/tips/{id} in turn (the last one from
 * then on; 'gone' is the 404 of a tip given up).
 */
function stripeRoutes(reads: Record<number, Read[]>): Routes {
  let started = 0;
  const routes: Routes = {
    'GET /api/payments/config': () => json(STRIPE),
    'POST /api/tips/payment-intent': ({ body }) => {
      started += 1;
      const tip = { ...aTip(body as Parameters<typeof aTip>[0]), id: 50 + started, status: 'pending' };
      return json({ tip, clientSecret: `pi_${started}_secret` }, { status: 201 });
    },
  };
  for (const [id, answers] of Object.entries(reads)) {
    routes[`GET /api/tips/${id}`] = ({ body }) => {
      const read = answers.length > 1 ? answers.shift()! : answers[0];
      if (read === 'gone') return apiError(404, 'Tip not found', 'not_found');
      return json({ ...aTip({ amount: 500, postId: 7, ...(body as object) }), id: Number(id), status: read });
    };
  }
  return routes;
}

/** Opens the dialog once the config said Stripe takes the payments, and Continues with $5. */
async function continueWithStripe(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await openDialog(user);
  await within(dialog).findByText('Test mode — no real money moves');
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  await within(dialog).findByText('Stripe card form');
  return dialog;
}

beforeEach(() => {
  confirmPayment.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Support (tips)', () => {
  it("pays through Stripe's Payment Element while Stripe takes the payments, then waits for the tip to be paid, thanks and closes", async () => {
    const user = userEvent.setup();
    confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    const routes = stripeRoutes({ 51: ['pending', 'paid'] });
    let release!: () => void;
    const { calls } = renderSupport({
      ...routes,
      'POST /api/tips/payment-intent': (request) =>
        new Promise<Response>((resolve) => (release = () => resolve(routes['POST /api/tips/payment-intent'](request) as Response))),
    });
    await waitFor(() => expect(calls('GET /api/payments/config')).toHaveLength(1));
    const dialog = await openDialog(user);
    await within(dialog).findByText('Test mode — no real money moves');

    await user.click(within(dialog).getByRole('radio', { name: '$10' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Send $10.00 to Leo Park?')).toBeInTheDocument();
    expect(within(dialog).getByText('Loading…')).toHaveAttribute('role', 'status');
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
    release();

    await within(dialog).findByText('Stripe card form');
    expect(within(dialog).getByTestId('stripe-elements')).toHaveAttribute('data-client-secret', 'pi_1_secret');
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
    const [start] = calls('POST /api/tips/payment-intent');
    expect(start.body).toEqual({ toUserId: 2, amount: 1000, postId: 7 });
    expect(start.headers['Idempotency-Key']).toBeUndefined();

    const pay = within(dialog).getByRole('button', { name: 'Pay $10.00' });
    expect(pay).toHaveFocus();
    await user.click(pay);
    expect(confirmPayment).toHaveBeenCalledTimes(1);
    expect(confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({ redirect: 'if_required', confirmParams: { return_url: window.location.href } }),
    );
    expect(await within(dialog).findByText('Processing payment…')).toHaveAttribute('role', 'status');

    expect(await screen.findByText('Thanks for supporting Leo Park!', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('GET /api/tips/51')).toHaveLength(2);
    expect(calls('POST /api/tips/payment-intent')).toHaveLength(1);
    expect(calls('POST /api/tips')).toHaveLength(0);
  });

  it("shows Stripe's words for a declined card and pays the tip again through a new intent", async () => {
    const user = userEvent.setup();
    confirmPayment
      .mockResolvedValueOnce({ error: { type: 'card_error', message: 'Your card was declined.' } })
      .mockResolvedValueOnce({ paymentIntent: { id: 'pi_2', status: 'succeeded' } });
    const { calls } = renderSupport(stripeRoutes({ 52: ['paid'] }));
    const dialog = await continueWithStripe(user);
    expect(within(dialog).getByTestId('stripe-elements')).toHaveAttribute('data-client-secret', 'pi_1_secret');

    await user.click(within(dialog).getByRole('button', { name: 'Pay $5.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    await waitFor(() => expect(within(dialog).getByTestId('stripe-elements')).toHaveAttribute('data-client-secret', 'pi_2_secret'));
    const starts = calls('POST /api/tips/payment-intent');
    expect(starts).toHaveLength(2);
    expect(starts[1].body).toEqual(starts[0].body);

    await user.click(within(dialog).getByRole('button', { name: 'Pay $5.00' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await screen.findByText('Thanks for supporting Leo Park!');
    expect(calls('GET /api/tips/51')).toHaveLength(0);
    expect(calls('GET /api/tips/52')).toHaveLength(1);
    expect(confirmPayment).toHaveBeenCalledTimes(2);
  });

  it('says the payment was not completed when the server gave the tip up, and offers a new attempt', async () => {
    const user = userEvent.setup();
    confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'processing' } });
    const { calls } = renderSupport(stripeRoutes({ 51: ['pending', 'gone'] }));
    const dialog = await continueWithStripe(user);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $5.00' }));
    await within(dialog).findByText('Processing payment…');

    expect(await within(dialog).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Your payment was not completed.');
    expect(within(dialog).queryByText('Processing payment…')).not.toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByTestId('stripe-elements')).toHaveAttribute('data-client-secret', 'pi_2_secret'));
    expect(within(dialog).getByRole('button', { name: 'Pay $5.00' })).toBeEnabled();
    expect(calls('POST /api/tips/payment-intent')).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Support Leo Park' })).toBeInTheDocument();
  });

  it("keeps an incomplete Stripe form's problem beside it, with the same intent", async () => {
    const user = userEvent.setup();
    confirmPayment.mockResolvedValue({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } });
    const { calls } = renderSupport(stripeRoutes({}));
    const dialog = await continueWithStripe(user);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $5.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
    expect(within(dialog).getByTestId('stripe-elements')).toHaveAttribute('data-client-secret', 'pi_1_secret');
    expect(calls('POST /api/tips/payment-intent')).toHaveLength(1);
  });

  it("shows the server's refusal to start the payment, and Try again starts it", async () => {
    const user = userEvent.setup();
    const routes = stripeRoutes({});
    const answers = [apiError(404, 'That post is gone', 'not_found'), apiError(503, 'Stripe could not be reached', 'unavailable')];
    const { calls } = renderSupport({
      ...routes,
      'POST /api/tips/payment-intent': (request) => answers.shift() ?? routes['POST /api/tips/payment-intent'](request),
    });
    const dialog = await openDialog(user);
    await within(dialog).findByText('Test mode — no real money moves');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That post is gone');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Your tip could not be sent. Please try again.'));
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await within(dialog).findByText('Stripe card form');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(calls('POST /api/tips/payment-intent')).toHaveLength(3);
  });

  it('tips a chip amount for the post after a confirmation, with an Idempotency-Key, thanks and closes', async () => {
    const user = userEvent.setup();
    const { calls } = renderSupport();
    const dialog = await openDialog(user);
    const chips = within(dialog).getAllByRole('radio');
    expect(chips.map((chip) => chip.closest('label')?.textContent)).toEqual(['$2', '$5', '$10', 'Other']);
    expect(within(dialog).getByRole('radio', { name: '$5' })).toBeChecked();

    await user.click(within(dialog).getByRole('radio', { name: '$10' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Send $10.00 to Leo Park?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toHaveFocus();
    expect(calls('POST /api/tips')).toHaveLength(0);

    await fillCard(user, dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Thanks for supporting Leo Park!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = calls('POST /api/tips');
    expect(call.body).toEqual({ toUserId: 2, amount: 1000, postId: 7, card: PAYING_CARD });
    expect(call.headers['Idempotency-Key']).toMatch(UUID);
  });

  it("takes an Other amount in dollars only between $1.00 and $500.00, with at most 2 decimals", async () => {
    const user = userEvent.setup();
    const { calls } = renderSupport();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    const field = within(dialog).getByLabelText('Amount in dollars');
    for (const typed of ['', '0.99', '500.01', '12.345', 'ten', '-5']) {
      await user.clear(field);
      if (typed) await user.type(field, typed);
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Tips are between $1.00 and $500.00');
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).queryByText(/^Send /)).not.toBeInTheDocument();
    }
    await user.clear(field);
    await user.type(field, '500');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '12.3');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Send $12.30 to Leo Park?')).toBeInTheDocument();
    await fillCard(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Thanks for supporting Leo Park!');
    expect(calls('POST /api/tips')[0].body).toMatchObject({ amount: 1230 });
  });

  it('counts the message up to 200 characters, refuses more, and sends it trimmed with the reel', async () => {
    const user = userEvent.setup();
    const { calls } = renderSupport({}, { reelId: 300 });
    const dialog = await openDialog(user);
    const message = within(dialog).getByLabelText('Message (optional)');
    expect(within(dialog).getByText('0/200')).toBeInTheDocument();
    await user.type(message, 'Love it 🎨');
    // An emoji is one character, as the server counts them.
    expect(within(dialog).getByText('9/200')).toBeInTheDocument();
    await user.clear(message);
    await user.click(message);
    await user.paste('x'.repeat(201));
    expect(within(dialog).getByText('201/200')).toBeInTheDocument();
    expect(within(dialog).getByText('Messages are at most 200 characters')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();

    await user.clear(message);
    await user.type(message, '  For the colours  ');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Send $5.00 to Leo Park?')).toBeInTheDocument();
    expect(within(dialog).getByText('“For the colours”')).toBeInTheDocument();
    await fillCard(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Thanks for supporting Leo Park!');
    expect(calls('POST /api/tips')[0].body).toEqual({ toUserId: 2, amount: 500, reelId: 300, message: 'For the colours', card: PAYING_CARD });
  });

  it('goes Back to the form with what was chosen, and sends nothing until Confirm', async () => {
    const user = userEvent.setup();
    const { calls } = renderSupport();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: '$2' }));
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'Hi');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('radio', { name: '$2' })).toBeChecked();
    expect(within(dialog).getByLabelText('Message (optional)')).toHaveValue('Hi');
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls('POST /api/tips')).toHaveLength(0);
  });

  it("shows the server's refusal in the dialog and retries with the same Idempotency-Key; another tip gets a new one", async () => {
    const user = userEvent.setup();
    const answers = [
      apiError(422, 'Your payment was declined', 'payment_declined'),
      apiError(409, 'Your tip is still being processed', 'conflict'),
      new Response('boom', { status: 500 }),
    ];
    const { calls } = renderSupport({ 'POST /api/tips': (request) => answers.shift() ?? created(request) });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    await fillCard(user, dialog);

    await user.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your payment was declined');
    await user.click(confirm);
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Your tip is still being processed'));
    await user.click(confirm);
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Your tip could not be sent. Please try again.'));
    expect(screen.getByRole('dialog', { name: 'Support Leo Park' })).toBeInTheDocument();
    const keys = calls('POST /api/tips').map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);

    // Back and forth with the same tip keeps the key; a different amount is another tip.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(dialog).getByRole('radio', { name: '$2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await fillCard(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Thanks for supporting Leo Park!');
    const last = calls('POST /api/tips').at(-1)!;
    expect(last.body).toEqual({ toUserId: 2, amount: 200, postId: 7, card: PAYING_CARD });
    expect(last.headers['Idempotency-Key']).toMatch(UUID);
    expect(last.headers['Idempotency-Key']).not.toBe(keys[0]);
  });

  it("says 'Sending...' and cannot be closed while the tip is on its way", async () => {
    const user = userEvent.setup();
    let release!: () => void;
    renderSupport({
      'POST /api/tips': (request) => new Promise<Response>((resolve) => (release = () => resolve(created(request) as Response))),
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await fillCard(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Support Leo Park' })).toBeInTheDocument();
    release();
    await screen.findByText('Thanks for supporting Leo Park!');
  });

  it('says no real money moves while the provider is in test mode, on the form and on the confirmation', async () => {
    const user = userEvent.setup();
    renderSupport({ 'GET /api/payments/config': () => json(aPaymentsConfig()) });
    const dialog = await openDialog(user);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Test mode — no real money moves');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Send $5.00 to Leo Park?')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Test mode — no real money moves');
  });

  it('is offered when real money moves too (live Stripe), without the test mode banner', async () => {
    const user = userEvent.setup();
    const { calls } = renderSupport({ 'GET /api/payments/config': () => json(LIVE_PAYMENTS) });
    await waitFor(() => expect(calls('GET /api/payments/config')).toHaveLength(1));
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await within(dialog).findByText('Send $5.00 to Leo Park?');
    expect(screen.queryByText('Test mode — no real money moves')).not.toBeInTheDocument();
  });

  it('offers no Support for your own things, nor outside the tip layer', () => {
    serveApi({});
    renderWithApp(
      <>
        <TipLayer viewerId={me.id}>
          <SupportButton recipient={{ id: me.id, username: me.username, displayName: me.displayName }} postId={8} />
        </TipLayer>
        <SupportButton recipient={leo} postId={7} />
      </>,
      { user: me },
    );
    expect(screen.queryByRole('button', { name: 'Support' })).not.toBeInTheDocument();
  });
});

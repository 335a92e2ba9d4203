import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartOf, cartStorageKey } from '@/features/shop/cart';
import { fillCard } from '@/test/card';
import { json, me, renderWithApp } from '@/test/render';
import { aPaymentsConfig, aWork, anAddress, apiError, catalogue, checkoutRoutes, productsRoute, serveApi } from '@/test/shop';
import { CheckoutScreen } from './checkout-screen';
import { ShopScreen } from './shop-screen';

type Routes = Parameters<typeof serveApi>[0];

const cart = cartOf(me.id);
const [hoodie, , jacket] = catalogue;
const zine = aWork({ id: 40, name: 'Night Zine', price: 1200, kind: 'digital' });

function renderCheckout(routes: Routes = {}) {
  const server = serveApi({
    'GET /api/products': productsRoute({ house: [...catalogue, zine] }),
    'GET /api/payments/config': () => json(aPaymentsConfig()),
    ...checkoutRoutes(),
    ...routes,
  });
  return { ...renderWithApp(<CheckoutScreen />, { path: '/checkout', user: me }), ...server };
}

/** The heading of the step the page shows. */
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
const summary = () => screen.getByRole('complementary', { name: 'Order summary' });

async function typeAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Full name'), 'Maya Lin');
  await user.type(screen.getByLabelText('Address line 1'), '12 Harbour Road');
  await user.type(screen.getByLabelText('City'), 'Lisbon');
  await user.type(screen.getByLabelText('Postal code'), '1100-001');
  await user.type(screen.getByLabelText('Country code'), 'PT');
  await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
}

/** A desktop (from 1024 px) or a phone, as the media query answers. */
function screenWidth(desktop: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: desktop && query === '(min-width: 1024px)',
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => {
  localStorage.clear();
  cart.reload();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the checkout page', () => {
  it('goes through shipping, payment, review and the receipt with the order summary beside the steps', async () => {
    const user = userEvent.setup();
    cart.add(hoodie);
    cart.add(hoodie);
    cart.add(jacket);
    const { calls, location } = renderCheckout();

    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(await screen.findByText('Test mode — no real money moves')).toBeInTheDocument();
    expect(within(summary()).getByRole('listitem', { name: 'Creator Hoodie' })).toHaveTextContent('2 × $89.99$179.98');
    expect(within(summary()).getByRole('listitem', { name: 'Studio Jacket' })).toHaveTextContent('1 × $140.00$140.00');
    expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('$319.98');

    // The first step, as the dialog's: shipping for physical items.
    await stepHeading('Shipping');
    await typeAddress(user);
    expect(calls('PUT /api/user/shipping-address').map((c) => c.body)).toEqual([anAddress()]);

    const payment = await stepHeading('Payment');
    expect(payment).toHaveFocus();
    await fillCard(user, screen.getByRole('form', { name: 'Card' }));
    await user.click(screen.getByRole('button', { name: 'Review order' }));

    await stepHeading('Review your order');
    expect(await screen.findByLabelText('Order total')).toHaveTextContent('Subtotal$319.98ShippingFreeFees$0.00Total$319.98');
    expect(calls('POST /api/checkouts/5/pay')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Pay $319.98' }));

    await stepHeading('Order placed');
    expect(within(screen.getByRole('region', { name: 'Receipt' })).getByText('Payment successful!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', '/orders/5');
    expect(screen.queryByRole('complementary', { name: 'Order summary' })).not.toBeInTheDocument();
    expect(localStorage.getItem(cartStorageKey(me.id))).toBeNull();

    // Done: the shop takes the spent page's place.
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(location.history).toEqual(['/shop']);
  });

  it('keeps the cart over a reload and starts again at the first step', async () => {
    const user = userEvent.setup();
    cart.add(jacket);
    const first = renderCheckout(checkoutRoutes(anAddress()));
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    await stepHeading('Payment');
    first.unmount();

    cart.reload(); // what a reload reads: the stored cart
    renderCheckout(checkoutRoutes(anAddress()));
    await stepHeading('Shipping');
    expect(await screen.findByLabelText('Full name')).toHaveValue('Maya Lin');
    expect(within(summary()).getByRole('listitem', { name: 'Studio Jacket' })).toBeInTheDocument();
    expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('$140.00');
  });

  it("returns to the shop from the first step's Back and from '← Shop'", async () => {
    const user = userEvent.setup();
    cart.add(zine);
    const { location } = renderCheckout();
    // Only a digital work: no shipping, the payment step is the first.
    await stepHeading('Payment');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location.history).toEqual(['/checkout', '/shop']);

    expect(screen.getByRole('link', { name: '← Shop' })).toHaveAttribute('href', '/shop');
    expect(cart.lines()).toMatchObject([{ id: 40, quantity: 1 }]);
  });

  it('goes back from payment to shipping without leaving the page', async () => {
    const user = userEvent.setup();
    cart.add(jacket);
    const { location } = renderCheckout(checkoutRoutes(anAddress()));
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    await stepHeading('Payment');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading('Shipping');
    expect(location.history).toEqual(['/checkout']);
  });

  it('says a declined card at the payment step and charges nothing', async () => {
    const user = userEvent.setup();
    cart.add(jacket);
    renderCheckout(checkoutRoutes(anAddress()));
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    await stepHeading('Payment');
    const card = screen.getByRole('form', { name: 'Card' });
    await fillCard(user, card);
    await user.clear(within(card).getByLabelText('Card number'));
    await user.type(within(card).getByLabelText('Card number'), '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    await user.click(await screen.findByRole('button', { name: 'Pay $140.00' }));
    await stepHeading('Payment');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(within(screen.getByRole('main')).queryByText('Payment successful!')).not.toBeInTheDocument();
    expect(cart.lines()).toMatchObject([{ id: 3, quantity: 1 }]);
  });

  it("shows the cart step with the server's words when the review finds too little stock", async () => {
    const user = userEvent.setup();
    cart.add(jacket);
    cart.add(jacket);
    renderCheckout({ ...checkoutRoutes(anAddress()), 'POST /api/checkouts': () => apiError(422, 'Only 1 left in stock', 'insufficient_stock') });
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    await fillCard(user, await screen.findByRole('form', { name: 'Card' }));
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    await stepHeading('Shopping Cart');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 left in stock');
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Studio Jacket' }));
    await user.click(screen.getByRole('button', { name: 'Checkout $140.00' }));
    await stepHeading('Shipping');
  });

  it('says the cart is empty and leads back to the shop', async () => {
    renderCheckout();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('form', { name: 'Card' })).not.toBeInTheDocument();
  });
});

describe("the cart's Checkout", () => {
  function renderShop() {
    serveApi({ 'GET /api/products': productsRoute({ house: catalogue }), ...checkoutRoutes(anAddress()) });
    return renderWithApp(<ShopScreen />, { path: '/shop', user: me });
  }

  it('opens the checkout page on a desktop', async () => {
    screenWidth(true);
    const user = userEvent.setup();
    cart.add(jacket);
    const { location } = renderShop();
    await user.click(await screen.findByRole('button', { name: 'Cart, 1 item' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Shopping Cart' })).getByRole('button', { name: 'Checkout $140.00' }));
    expect(location.history).toEqual(['/shop', '/checkout']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the steps in the dialog on a phone', async () => {
    screenWidth(false);
    const user = userEvent.setup();
    cart.add(jacket);
    const { location } = renderShop();
    await user.click(await screen.findByRole('button', { name: 'Cart, 1 item' }));
    const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
    await user.click(within(dialog).getByRole('button', { name: 'Checkout $140.00' }));
    expect(await screen.findByRole('dialog', { name: 'Shipping' })).toBeInTheDocument();
    expect(location.history).toEqual(['/shop']);
  });
});

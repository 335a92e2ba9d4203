import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartOf, cartStorageKey } from '@/features/shop/cart';
import { anAd } from '@/test/ads';
import { json, me, renderWithApp } from '@/test/render';
import { aProduct, aWork, anAddress, apiError, catalogue, checkoutRoutes, productsRoute, serveApi } from '@/test/shop';
import ShopPage from './shop';

type Routes = Parameters<typeof serveApi>[0];

function renderShop(routes: Routes = {}, user = me) {
  const server = serveApi({
    'GET /api/products': productsRoute({ house: catalogue }),
    'GET /api/ads/sidebar': () => json([]),
    'GET /api/ads/feed': () => json([]),
    ...routes,
  });
  return { ...renderWithApp(<ShopPage />, { path: '/shop', user }), ...server };
}

const cart = cartOf(me.id);
const CART_STORAGE_KEY = cartStorageKey(me.id);

const productNames = () =>
  within(screen.getByRole('list', { name: 'Products' }))
    .getAllByRole('article')
    .map((a) => a.getAttribute('aria-label'));

beforeEach(() => {
  localStorage.clear();
  cart.reload();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the shop', () => {
  it('shows the catalogue from the server: dollars, the original price struck through, badge, rating, out of stock', async () => {
    renderShop();
    expect(screen.getByRole('heading', { level: 1, name: 'Atelier Shop' })).toBeInTheDocument();
    const hoodie = await screen.findByRole('article', { name: 'Creator Hoodie' });
    expect(within(hoodie).getByTestId('price')).toHaveTextContent('$89.99');
    expect(hoodie.querySelector('s')).toHaveTextContent('$109.99');
    expect(within(hoodie).getByText('Best Seller')).toBeInTheDocument();
    expect(within(hoodie).getByRole('button', { name: 'Reviews of Creator Hoodie: 4.8 out of 5 · 124 reviews' })).toHaveTextContent('4.8 out of 5 · 124 reviews');
    expect(within(hoodie).getByRole('img', { name: 'Creator Hoodie' })).toHaveAttribute('src', '/media/product-1.png');
    expect(within(screen.getByRole('article', { name: 'Studio Jacket' })).getByTestId('price')).toHaveTextContent('$140.00');
    expect(within(screen.getByRole('article', { name: 'Artist Cap' })).getByText('Only 3 left')).toBeInTheDocument();
    expect(within(hoodie).queryByText(/left$/)).not.toBeInTheDocument();
    const tote = screen.getByRole('article', { name: 'Brush Tote' });
    expect(within(tote).getByRole('button', { name: 'Out of Stock: Brush Tote' })).toBeDisabled();
    expect(within(tote).getByText('Out of Stock')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Visit our online store/ })).toHaveAttribute('href', 'https://store.atelier-creators.com');
  });

  it('searches name or description case-insensitively, filters by category and sorts five ways', async () => {
    const user = userEvent.setup();
    renderShop();
    await screen.findByRole('article', { name: 'Creator Hoodie' });
    expect(productNames()).toEqual(['Creator Hoodie', 'Pixel Tee', 'Studio Jacket', 'Artist Cap', 'Brush Tote']);

    const search = screen.getByRole('searchbox', { name: 'Search products' });
    await user.type(search, 'PIXEL');
    expect(productNames()).toEqual(['Pixel Tee']);
    await user.clear(search);
    await user.type(search, 'palette'); // in the Artist Cap's description only
    expect(productNames()).toEqual(['Artist Cap']);
    await user.clear(search);

    const category = screen.getByRole('combobox', { name: 'Category' });
    await user.selectOptions(category, 'accessories');
    expect(productNames()).toEqual(['Artist Cap', 'Brush Tote']);
    await user.selectOptions(category, 'all');

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    await user.selectOptions(sort, 'price-low');
    expect(productNames()).toEqual(['Pixel Tee', 'Artist Cap', 'Brush Tote', 'Creator Hoodie', 'Studio Jacket']);
    await user.selectOptions(sort, 'price-high');
    expect(productNames()).toEqual(['Studio Jacket', 'Creator Hoodie', 'Brush Tote', 'Artist Cap', 'Pixel Tee']);
    await user.selectOptions(sort, 'rating');
    expect(productNames()).toEqual(['Studio Jacket', 'Creator Hoodie', 'Brush Tote', 'Pixel Tee', 'Artist Cap']);
    await user.selectOptions(sort, 'name');
    expect(productNames()).toEqual(['Artist Cap', 'Brush Tote', 'Creator Hoodie', 'Pixel Tee', 'Studio Jacket']);
    await user.selectOptions(sort, 'featured');
    expect(productNames()).toEqual(['Creator Hoodie', 'Pixel Tee', 'Studio Jacket', 'Artist Cap', 'Brush Tote']);

    await user.type(search, 'nothing like this');
    expect(screen.getByText('No products found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filter criteria')).toBeInTheDocument();
  });

  it('puts a sponsored sidebar ad after every 6th product, in rotation, and asks for no feed ads', async () => {
    const thirteen = Array.from({ length: 13 }, (_, i) => aProduct({ id: 100 + i, name: `Item ${i + 1}` }));
    const { calls } = renderShop({
      'GET /api/products': productsRoute({ house: thirteen }),
      'GET /api/ads/sidebar': () => json([anAd({ id: 1, title: 'Ad One', category: 'sidebar' }), anAd({ id: 2, title: 'Ad Two', category: 'sidebar' })]),
      'GET /api/ads/feed': () => json([anAd({ id: 3, title: 'Feed Ad' })]),
    });
    const first = await screen.findByRole('article', { name: 'Sponsored: Ad One' });
    const second = screen.getByRole('article', { name: 'Sponsored: Ad Two' });
    const items = within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem');
    expect(items).toHaveLength(15);
    expect(items[6]).toContainElement(first);
    expect(items[13]).toContainElement(second);
    expect(items[5]).toHaveTextContent('Item 6');
    expect(items[12]).toHaveTextContent('Item 12');
    expect(screen.queryByRole('article', { name: 'Sponsored: Feed Ad' })).not.toBeInTheDocument();
    expect(calls('GET /api/ads/feed')).toHaveLength(0);
  });

  it.each([
    ['runs', () => json([])],
    ['cannot be loaded', () => new Response('boom', { status: 500 })],
  ])('shows the feed ads instead when no sidebar ad %s', async (_, sidebar) => {
    const thirteen = Array.from({ length: 13 }, (_, i) => aProduct({ id: 100 + i, name: `Item ${i + 1}` }));
    renderShop({
      'GET /api/products': productsRoute({ house: thirteen }),
      'GET /api/ads/sidebar': sidebar,
      'GET /api/ads/feed': () => json([anAd({ id: 3, title: 'Feed Ad' })]),
    });
    expect(await screen.findAllByRole('article', { name: 'Sponsored: Feed Ad' })).toHaveLength(2);
  });

  it('fills the cart: a second add is +1, − and + change it, 0 removes, Remove deletes; kept in local storage', async () => {
    const user = userEvent.setup();
    const { unmount } = renderShop();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Creator Hoodie' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(screen.getByText('Creator Hoodie has been added to your cart.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to Cart: Creator Hoodie' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart: Pixel Tee' }));
    expect(screen.getByRole('button', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('3');
    // Opening the cart takes the word away (on a phone it would cover the checkout's Continue).
    await user.click(screen.getByRole('button', { name: 'Cart, 3 items' }));
    await waitFor(() => expect(screen.queryByText('Added to cart')).not.toBeInTheDocument());
    await user.keyboard('{Escape}');
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([
      { id: 1, name: 'Creator Hoodie', price: 8999, imageUrl: '/media/product-1.png', quantity: 2 },
      { id: 2, name: 'Pixel Tee', price: 5000, imageUrl: '/media/product-2.png', quantity: 1 },
    ]);

    // A reload: the cart comes back from storage.
    unmount();
    cart.reload();
    renderShop();
    await user.click(await screen.findByRole('button', { name: 'Cart, 3 items' }));
    const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
    expect(within(dialog).getByLabelText('Quantity of Creator Hoodie')).toHaveTextContent('2');
    expect(within(dialog).getByTestId('cart-total')).toHaveTextContent('$229.98');

    await user.click(within(dialog).getByRole('button', { name: 'Increase quantity of Pixel Tee' }));
    expect(within(dialog).getByLabelText('Quantity of Pixel Tee')).toHaveTextContent('2');
    expect(within(dialog).getByTestId('cart-total')).toHaveTextContent('$279.98');
    await user.click(within(dialog).getByRole('button', { name: 'Decrease quantity of Pixel Tee' }));
    await user.click(within(dialog).getByRole('button', { name: 'Decrease quantity of Pixel Tee' }));
    expect(within(dialog).queryByRole('listitem', { name: 'Pixel Tee' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Creator Hoodie' }));
    expect(within(dialog).getByText('Your cart is empty')).toBeInTheDocument();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });

  it('adds nothing past 99 of a product and says the limit was reached instead of Added to cart', async () => {
    const user = userEvent.setup();
    cart.add(catalogue[0]);
    cart.setQuantity(1, 98);
    renderShop();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Creator Hoodie' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(cart.lines()[0].quantity).toBe(99);

    await user.click(screen.getByRole('button', { name: 'Add to Cart: Creator Hoodie' }));
    expect(await screen.findByText('Cart limit reached')).toBeInTheDocument();
    expect(screen.getByText('You can have at most 99 of one product in your cart.')).toBeInTheDocument();
    expect(screen.queryByText('Added to cart')).not.toBeInTheDocument(); // the toast shown is the limit's
    expect(cart.lines()[0].quantity).toBe(99);
  });

  it("keeps each account's cart apart: the next user signed in on the browser does not see it", async () => {
    const user = userEvent.setup();
    const first = renderShop();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Creator Hoodie' }));
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
    first.unmount();

    const leo = { ...me, id: 2, username: 'leo', displayName: 'Leo Park' };
    const second = renderShop({}, leo);
    await screen.findByRole('button', { name: 'Add to Cart: Pixel Tee' });
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to Cart: Pixel Tee' }));
    expect(JSON.parse(localStorage.getItem(cartStorageKey(leo.id))!)).toMatchObject([{ id: 2, quantity: 1 }]);
    second.unmount();

    renderShop();
    await user.click(await screen.findByRole('button', { name: 'Cart, 1 item' }));
    expect(within(screen.getByRole('dialog', { name: 'Shopping Cart' })).getByRole('listitem', { name: 'Creator Hoodie' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toMatchObject([{ id: 1, quantity: 1 }]);
  });

  it('drops the cart once shared by every account (atelier.cart) without showing it', async () => {
    localStorage.setItem('atelier.cart', JSON.stringify([{ id: 3, name: 'Studio Jacket', price: 14000, imageUrl: '/j.png', quantity: 4 }]));
    renderShop({}, { ...me, id: 77 }); // a user whose cart this page has not opened yet
    await screen.findByRole('button', { name: 'Add to Cart: Pixel Tee' });
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(localStorage.getItem('atelier.cart')).toBeNull();
  });

  /** Types a card and the rest of the payment form, then goes to the review. */
  async function payWith(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, number: string) {
    await user.clear(within(dialog).getByLabelText('Card number'));
    await user.type(within(dialog).getByLabelText('Card number'), number);
    await user.clear(within(dialog).getByLabelText('Expiry (MM / YY)'));
    await user.type(within(dialog).getByLabelText('Expiry (MM / YY)'), '12 / 34');
    await user.clear(within(dialog).getByLabelText('CVC'));
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Review order' }));
  }

  it('checks out through shipping, payment and review with one Idempotency-Key, then shows the receipt', async () => {
    const user = userEvent.setup();
    const { calls } = renderShop(checkoutRoutes());
    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Creator Hoodie' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart: Creator Hoodie' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart: Studio Jacket' }));
    await user.click(screen.getByRole('button', { name: 'Cart, 3 items' }));
    const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
    await user.click(within(dialog).getByRole('button', { name: 'Checkout $319.98' }));

    // Shipping: physical items, no address saved yet.
    await screen.findByRole('dialog', { name: 'Shipping' });
    await user.type(await within(dialog).findByLabelText('Full name'), 'Maya Lin');
    await user.type(within(dialog).getByLabelText('Address line 1'), '12 Harbour Road');
    await user.type(within(dialog).getByLabelText('City'), 'Lisbon');
    await user.type(within(dialog).getByLabelText('Postal code'), '1100-001');
    await user.type(within(dialog).getByLabelText('Country code'), 'PT');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect(calls('PUT /api/user/shipping-address').map((c) => c.body)).toEqual([
      { name: 'Maya Lin', line1: '12 Harbour Road', line2: null, city: 'Lisbon', postalCode: '1100-001', country: 'PT' },
    ]);

    // Payment, then the review the server priced: nothing is charged before 'Pay'.
    await screen.findByRole('dialog', { name: 'Payment' });
    await payWith(user, dialog, '4242424242424242');
    await screen.findByRole('dialog', { name: 'Review your order' });
    const total = await within(dialog).findByLabelText('Order total');
    expect(total).toHaveTextContent('Subtotal$319.98ShippingFreeFees$0.00Total$319.98');
    expect(within(dialog).getByText('Ships to')).toBeInTheDocument();
    expect(calls('POST /api/checkouts').map((c) => c.body)).toEqual([
      {
        lines: [
          { productId: 1, quantity: 2, expectedUnitPrice: 8999 },
          { productId: 3, quantity: 1, expectedUnitPrice: 14000 },
        ],
      },
    ]);
    expect(calls('POST /api/checkouts')[0].headers['Idempotency-Key']).toMatch(/^[\w-]{16,}$/);
    expect(calls('POST /api/checkouts/5/pay')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Pay $319.98' }));
    await screen.findByRole('dialog', { name: 'Order placed' });
    expect(await screen.findAllByText('Payment successful!')).not.toHaveLength(0);
    expect(calls('POST /api/checkouts/5/pay').map((c) => c.body)).toEqual([
      { card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } },
    ]);
    expect(within(dialog).getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', '/orders/5');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('skips shipping for digital works and pays a card that asks for confirmation once confirmed', async () => {
    const user = userEvent.setup();
    const zine = aWork({ id: 40, name: 'Night Zine', price: 1200, kind: 'digital' });
    cart.add(zine);
    const { calls } = renderShop({ ...checkoutRoutes(), 'GET /api/products': productsRoute({ house: [...catalogue, zine] }) });
    await user.click(await screen.findByRole('button', { name: 'Cart, 1 item' }));
    const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
    await user.click(within(dialog).getByRole('button', { name: 'Checkout $12.00' }));
    await screen.findByRole('dialog', { name: 'Payment' });
    await payWith(user, dialog, '4000002760003184');
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $12.00' }));
    await screen.findByRole('dialog', { name: 'Confirm your payment' });
    expect(within(dialog).getByText(/Your bank asks you to confirm this payment of \$12\.00/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Complete confirmation' }));
    await screen.findByRole('dialog', { name: 'Order placed' });
    expect(calls('POST /api/checkouts/5/confirm').map((c) => c.body)).toEqual([{ completed: true }]);
    expect(calls('PUT /api/user/shipping-address')).toHaveLength(0);
  });

  it('a declined card charges nothing, says why at the payment step, and the next review opens a new checkout', async () => {
    const user = userEvent.setup();
    const { calls } = renderShop(checkoutRoutes(anAddress()));
    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Pixel Tee' }));
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
    await user.click(within(dialog).getByRole('button', { name: 'Checkout $50.00' }));
    // The remembered address fills the form.
    expect(await within(dialog).findByLabelText('Full name')).toHaveValue('Maya Lin');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('dialog', { name: 'Payment' });
    await payWith(user, dialog, '4000000000000002');
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $50.00' }));
    await screen.findByRole('dialog', { name: 'Payment' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.queryByText('Payment successful!')).not.toBeInTheDocument();
    expect(cart.lines()).toMatchObject([{ id: 2, quantity: 1 }]);

    await payWith(user, dialog, '4242424242424242');
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $50.00' }));
    await screen.findByRole('dialog', { name: 'Order placed' });
    const keys = calls('POST /api/checkouts').map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('checks the card form before anything is sent', async () => {
    const user = userEvent.setup();
    const { calls } = renderShop(checkoutRoutes(anAddress()));
    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Pixel Tee' }));
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
    await user.click(within(dialog).getByRole('button', { name: 'Checkout $50.00' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('dialog', { name: 'Payment' });
    await payWith(user, dialog, '4242424242424241');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Your card number is invalid.');
    expect(calls('POST /api/checkouts')).toHaveLength(0);
  });

  it('on a 409 price_changed at review charges nothing, shows the new price in the cart, and the next checkout pays it', async () => {
    const user = userEvent.setup();
    let price = 8999;
    const routes = checkoutRoutes(anAddress());
    const { calls } = renderShop({
      ...routes,
      'GET /api/products': productsRoute({ house: catalogue }),
      'POST /api/checkouts': (request) => {
        const [line] = (request.body as { lines: Array<{ productId: number; expectedUnitPrice: number }> }).lines;
        if (line.expectedUnitPrice !== price)
          return new Response(JSON.stringify({ message: 'The price of this product has changed', code: 'price_changed', productId: line.productId, unitPrice: price }), {
            status: 409,
            headers: { 'Content-Type': 'application/json' },
          });
        return routes['POST /api/checkouts'](request);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Creator Hoodie' }));
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
    await within(dialog).findByRole('button', { name: 'Checkout $89.99' });
    // The seller raises the price after the cart opened.
    price = 12000;
    await user.click(within(dialog).getByRole('button', { name: 'Checkout $89.99' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Continue to payment' }));
    await payWith(user, await screen.findByRole('dialog', { name: 'Payment' }), '4242424242424242');
    expect(await screen.findByText('Price changed')).toBeInTheDocument();
    await screen.findByRole('dialog', { name: 'Shopping Cart' });
    expect(await within(dialog).findByText('The price of Creator Hoodie changed to $120.00')).toBeInTheDocument();
    expect(cart.lines()).toMatchObject([{ id: 1, price: 12000, quantity: 1 }]);

    await user.click(within(dialog).getByRole('button', { name: 'Checkout $120.00' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Continue to payment' }));
    await payWith(user, await screen.findByRole('dialog', { name: 'Payment' }), '4242424242424242');
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $120.00' }));
    await screen.findByRole('dialog', { name: 'Order placed' });
    expect(calls('POST /api/checkouts').map((c) => (c.body as { lines: Array<{ expectedUnitPrice: number }> }).lines[0].expectedUnitPrice)).toEqual([8999, 12000]);
  });

  it('a sold-out line at review goes back to the cart with the server\'s words', async () => {
    const user = userEvent.setup();
    renderShop({ ...checkoutRoutes(anAddress()), 'POST /api/checkouts': () => apiError(422, 'Only 1 left in stock', 'insufficient_stock') });
    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Studio Jacket' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart: Studio Jacket' }));
    await user.click(screen.getByRole('button', { name: 'Cart, 2 items' }));
    const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
    await user.click(within(dialog).getByRole('button', { name: /^Checkout/ }));
    await user.click(await within(dialog).findByRole('button', { name: 'Continue to payment' }));
    await payWith(user, await screen.findByRole('dialog', { name: 'Payment' }), '4242424242424242');
    await screen.findByRole('dialog', { name: 'Shopping Cart' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only 1 left in stock');
    expect(within(dialog).getByRole('listitem', { name: 'Studio Jacket' })).toBeInTheDocument();
  });

  it('a changed quantity drops the line key, so the new order is not mistaken for the old one', () => {
    cart.add(catalogue[0]);
    const [line] = cart.assignKeys(() => 'key-1');
    expect(line.idempotencyKey).toBe('key-1');
    cart.setQuantity(1, 1); // unchanged: the key stays
    expect(cart.lines()[0].idempotencyKey).toBe('key-1');
    cart.setQuantity(1, 3);
    expect(cart.lines()[0].idempotencyKey).toBeUndefined();
    cart.setQuantity(1, 500);
    expect(cart.lines()[0].quantity).toBe(99);
  });
});

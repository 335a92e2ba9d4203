import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartOf, cartStorageKey } from '@/features/shop/cart';
import { anAd } from '@/test/ads';
import { deferred, json, me, renderWithApp } from '@/test/render';
import { aProduct, anOrder, apiError, catalogue, productsRoute, serveApi } from '@/test/shop';
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
    expect(within(hoodie).getByRole('button', { name: 'Reviews of Creator Hoodie: 4.8 out of 5 · 124 reviews' })).toHaveTextContent('4.8(124)');
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

  it('checks out one order per line in sequence with an Idempotency-Key each, then says Payment successful!', async () => {
    const user = userEvent.setup();
    const first = deferred<Response>();
    let n = 0;
    const { calls } = renderShop({
      'POST /api/orders': ({ body }) => {
        n += 1;
        const { productId, quantity } = body as { productId: number; quantity: number };
        const answer = json(anOrder({ productId, quantity }), { status: 201 });
        return n === 1 ? first.promise.then(() => answer) : answer;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Creator Hoodie' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart: Creator Hoodie' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart: Studio Jacket' }));
    await user.click(screen.getByRole('button', { name: 'Cart, 3 items' }));
    const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
    await user.click(within(dialog).getByRole('button', { name: 'Checkout $319.98' }));

    expect(await within(dialog).findByText('Processing order 1 of 2...')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(calls('POST /api/orders')).toHaveLength(1); // the second waits for the first
    await act(async () => first.resolve(undefined as never));

    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(screen.getByText('Your order has been processed successfully.')).toBeInTheDocument();
    const orders = calls('POST /api/orders');
    expect(orders.map((c) => c.body)).toEqual([
      { productId: 1, quantity: 2, expectedUnitPrice: 8999, paymentMethod: 'stripe' },
      { productId: 3, quantity: 1, expectedUnitPrice: 14000, paymentMethod: 'stripe' },
    ]);
    const keys = orders.map((c) => c.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[\w-]{16,}$/);
    expect(keys[1]).toMatch(/^[\w-]{16,}$/);
    expect(keys[0]).not.toBe(keys[1]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('takes the current prices when the cart opens, says which changed, and checks out at them', async () => {
    const user = userEvent.setup();
    // Added at $89.99; the server asks $45.00 now (and the catalogue page still shows the old one).
    cart.add({ ...catalogue[0], name: 'Signed print' });
    cart.setQuantity(1, 2);
    cart.add(catalogue[1]);
    const now = catalogue.map((p) => (p.id === 1 ? { ...p, name: 'Signed print', price: 4500 } : p));
    const { calls } = renderShop({
      'GET /api/products': productsRoute({ house: now }),
      'POST /api/orders': ({ body }) => {
        const { productId, quantity } = body as { productId: number; quantity: number };
        return json(anOrder({ productId, quantity }), { status: 201 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cart, 3 items' }));
    const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
    const changes = await within(dialog).findByRole('status', { name: 'Price changes' });
    expect(within(changes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['The price of Signed print changed to $45.00']);
    expect(calls('GET /api/products').map((c) => c.url.searchParams.get('ids'))).toContain('1,2');
    expect(within(dialog).getByTestId('cart-total')).toHaveTextContent('$140.00');

    await user.click(within(dialog).getByRole('button', { name: 'Checkout $140.00' }));
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(calls('POST /api/orders').map((c) => c.body)).toEqual([
      { productId: 1, quantity: 2, expectedUnitPrice: 4500, paymentMethod: 'stripe' },
      { productId: 2, quantity: 1, expectedUnitPrice: 5000, paymentMethod: 'stripe' },
    ]);
  });

  it('on a 409 price_changed charges nothing, shows the new price with its message, and the next checkout pays it', async () => {
    const user = userEvent.setup();
    let price = 8999;
    const { calls } = renderShop({
      'GET /api/products': productsRoute({ house: catalogue }),
      'POST /api/orders': ({ body }) => {
        const { productId, quantity, expectedUnitPrice } = body as { productId: number; quantity: number; expectedUnitPrice: number };
        if (expectedUnitPrice !== price)
          return new Response(JSON.stringify({ message: 'The price of this product has changed', code: 'price_changed', productId, unitPrice: price }), {
            status: 409,
            headers: { 'Content-Type': 'application/json' },
          });
        return json(anOrder({ productId, quantity }), { status: 201 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Creator Hoodie' }));
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
    await within(dialog).findByRole('button', { name: 'Checkout $89.99' });
    // The seller raises the price after the cart opened.
    price = 12000;
    await user.click(within(dialog).getByRole('button', { name: 'Checkout $89.99' }));
    expect(await screen.findByText('Price changed')).toBeInTheDocument();
    expect(await within(dialog).findByText('The price of Creator Hoodie changed to $120.00')).toBeInTheDocument();
    expect(screen.queryByText('Payment successful!')).not.toBeInTheDocument();
    expect(cart.lines()).toMatchObject([{ id: 1, price: 12000, quantity: 1 }]);

    await user.click(within(dialog).getByRole('button', { name: 'Checkout $120.00' }));
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(calls('POST /api/orders').map((c) => (c.body as { expectedUnitPrice: number }).expectedUnitPrice)).toEqual([8999, 12000]);
  });

  it('on a failure keeps the lines not ordered, says Payment failed, and a retry reuses their keys', async () => {
    const user = userEvent.setup();
    let soldOut = true;
    const { calls } = renderShop({
      'POST /api/orders': ({ body }) => {
        const { productId, quantity } = body as { productId: number; quantity: number };
        if (productId === 3 && soldOut) return apiError(422, 'Only 1 left in stock', 'insufficient_stock');
        return json(anOrder({ productId, quantity }), { status: 201 });
      },
    });
    for (const name of ['Creator Hoodie', 'Studio Jacket', 'Pixel Tee']) {
      await user.click(await screen.findByRole('button', { name: `Add to Cart: ${name}` }));
    }
    await user.click(screen.getByRole('button', { name: 'Cart, 3 items' }));
    const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
    await user.click(within(dialog).getByRole('button', { name: /^Checkout/ }));

    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect(screen.getByText('Only 1 left in stock')).toBeInTheDocument();
    expect(calls('POST /api/orders').map((c) => (c.body as { productId: number }).productId)).toEqual([1, 3]);
    const lines = within(dialog).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'));
    expect(lines).toEqual(['Studio Jacket', 'Pixel Tee']);
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!) as Array<{ id: number; idempotencyKey: string }>;
    expect(stored.map((l) => l.id)).toEqual([3, 2]);
    const jacketKey = calls('POST /api/orders')[1].headers['Idempotency-Key'];
    expect(stored[0].idempotencyKey).toBe(jacketKey);

    soldOut = false;
    await user.click(within(dialog).getByRole('button', { name: /^Checkout/ }));
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    const retried = calls('POST /api/orders').slice(2);
    expect(retried.map((c) => (c.body as { productId: number }).productId)).toEqual([3, 2]);
    expect(retried[0].headers['Idempotency-Key']).toBe(jacketKey);
    expect(retried[1].headers['Idempotency-Key']).toBe(stored[1].idempotencyKey);
  });

  it("says the spec's payment failure text when the server fails without a reason", async () => {
    const user = userEvent.setup();
    renderShop({ 'POST /api/orders': () => new Response('boom', { status: 500 }) });
    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Pixel Tee' }));
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Checkout $50.00' }));
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect(screen.getByText('There was an error processing your payment. Please try again.')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('listitem', { name: 'Pixel Tee' })).toBeInTheDocument();
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

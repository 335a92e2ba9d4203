import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartOf } from '@/features/shop/cart';
import { FakeXhr } from '@/test/fake-xhr';
import { json, me, renderWithApp } from '@/test/render';
import { aSale, aSeller, aWork, anAddress, apiError, catalogue, checkoutRoutes, productsRoute, serveApi } from '@/test/shop';
import ShopPage from './shop';

type Routes = Parameters<typeof serveApi>[0];

const cart = cartOf(me.id);
const mine = aSeller({ id: me.id, username: me.username, displayName: me.displayName });

const print = aWork({ id: 201, name: 'Harbour Print', price: 2500, stock: 3 });
const zine = aWork({ id: 202, name: 'Night Zine', price: 1200, kind: 'digital', seller: aSeller({ id: 4, username: 'rosa', displayName: 'Rosa Diaz', profileImageUrl: '/media/rosa.png' }) });
const soldOut = aWork({ id: 203, name: 'Empty Frame', price: 4000, stock: 0, inStock: false });
const older = aWork({ id: 204, name: 'Old Sketch', price: 900, stock: 40 });

function renderShop(routes: Routes = {}, path = '/shop') {
  const server = serveApi({
    'GET /api/products': productsRoute({ house: catalogue, creators: [[print, zine, soldOut], [older]] }),
    'GET /api/ads/sidebar': () => json([]),
    'GET /api/ads/feed': () => json([]),
    'GET /api/user/sales': () => json([]),
    ...routes,
  });
  return { ...renderWithApp(<ShopPage />, { path, user: me }), ...server };
}

const pngFile = () => new File([new Uint8Array([137, 80, 78, 71])], 'print.png', { type: 'image/png' });

beforeEach(() => {
  localStorage.clear();
  cart.reload();
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("creators' works in the shop", () => {
  it("shows the 'From creators' row above the house catalogue: picture, name, price, the creator linking to their profile, stock or 'Digital download'", async () => {
    const { calls } = renderShop();
    const row = await screen.findByRole('list', { name: 'From creators' });
    expect(within(row).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Harbour Print', 'Night Zine', 'Empty Frame']);
    // Above the catalogue's search and grid.
    const products = screen.getByRole('list', { name: 'Products' });
    expect(row.compareDocumentPosition(products) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(calls('GET /api/products').some((c) => c.url.searchParams.get('source') === 'creators')).toBe(true);

    const printCard = within(row).getByRole('article', { name: 'Harbour Print' });
    expect(within(printCard).getByRole('img', { name: 'Harbour Print' })).toHaveAttribute('src', '/media/product-201.png');
    expect(within(printCard).getByTestId('price')).toHaveTextContent('$25.00');
    expect(within(printCard).getByText('Only 3 left')).toBeInTheDocument();
    expect(within(printCard).getByRole('link', { name: 'Leo Park' })).toHaveAttribute('href', '/profile/leo');

    const zineCard = within(row).getByRole('article', { name: 'Night Zine' });
    expect(within(zineCard).getByText('Digital download')).toBeInTheDocument();
    expect(within(zineCard).queryByText(/left$/)).not.toBeInTheDocument();
    expect(within(zineCard).getByRole('link', { name: 'Rosa Diaz' })).toHaveAttribute('href', '/profile/rosa');

    const frame = within(row).getByRole('article', { name: 'Empty Frame' });
    expect(within(frame).getByRole('button', { name: 'Sold out: Empty Frame' })).toBeDisabled();
  });

  it("lists every creator's work under the 'From creators' tab, newest first, with Load more for older ones", async () => {
    const user = userEvent.setup();
    const { calls } = renderShop();
    await user.click(await screen.findByRole('tab', { name: 'From creators' }));
    const grid = await screen.findByRole('list', { name: "Creators' works" });
    expect(within(grid).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Harbour Print', 'Night Zine', 'Empty Frame']);
    expect(screen.queryByRole('list', { name: 'Products' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(4));
    expect(within(grid).getAllByRole('article')[3]).toHaveAccessibleName('Old Sketch');
    const pages = calls('GET /api/products').filter((c) => c.url.searchParams.get('source') === 'creators');
    expect(pages.at(-1)!.url.searchParams.get('before')).toBe('c1');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("'See all' on the row opens the 'From creators' tab", async () => {
    const user = userEvent.setup();
    renderShop();
    await screen.findByRole('list', { name: 'From creators' });
    await user.click(screen.getByRole('button', { name: 'See all' }));
    expect(screen.getByRole('tab', { name: 'From creators' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('list', { name: "Creators' works" })).toBeInTheDocument();
  });

  it('buys a work through the cart: a physical one by quantity, a digital one only once, at quantity 1', async () => {
    const user = userEvent.setup();
    const { calls } = renderShop(checkoutRoutes(anAddress()));
    const row = await screen.findByRole('list', { name: 'From creators' });
    await user.click(within(row).getByRole('button', { name: 'Add to Cart: Night Zine' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Add to Cart: Night Zine' }));
    expect(await screen.findByText('Already in your cart')).toBeInTheDocument();
    expect(screen.getByText('A digital work is bought one at a time.')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Add to Cart: Harbour Print' }));
    await user.click(within(row).getByRole('button', { name: 'Add to Cart: Harbour Print' }));
    expect(screen.getByRole('button', { name: 'Cart, 3 items' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cart, 3 items' }));
    const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
    expect(within(dialog).getByLabelText('Quantity of Night Zine')).toHaveTextContent('1');
    expect(within(dialog).getByRole('button', { name: 'Increase quantity of Night Zine' })).toBeDisabled();
    expect(within(dialog).getByRole('listitem', { name: 'Night Zine' })).toHaveTextContent('Digital download');
    expect(within(dialog).getByRole('button', { name: 'Increase quantity of Harbour Print' })).toBeEnabled();
    // Even set by hand, a digital line stays at 1.
    cart.setQuantity(202, 5);
    expect(cart.lines().find((l) => l.id === 202)!.quantity).toBe(1);

    await user.click(within(dialog).getByRole('button', { name: 'Checkout $62.00' }));
    // A physical print in the cart: the shipping step, with the remembered address.
    await user.click(await within(dialog).findByRole('button', { name: 'Continue to payment' }));
    await user.type(await within(dialog).findByLabelText('Card number'), '4242424242424242');
    await user.type(within(dialog).getByLabelText('Expiry (MM / YY)'), '12/34');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Review order' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $62.00' }));
    expect(await screen.findAllByText('Payment successful!')).not.toHaveLength(0);
    expect(calls('POST /api/checkouts').map((c) => c.body)).toEqual([
      {
        lines: [
          { productId: 202, quantity: 1, expectedUnitPrice: 1200 },
          { productId: 201, quantity: 2, expectedUnitPrice: 2500 },
        ],
      },
    ]);
  });

  it('shows your own work without Add to Cart, with Manage leading to Your listings', async () => {
    const user = userEvent.setup();
    const own = aWork({ id: 210, name: 'My Linocut', seller: mine });
    renderShop({
      'GET /api/products': productsRoute({ house: catalogue, creators: [[own]], bySeller: { [me.id]: [own] } }),
    });
    const card = within(await screen.findByRole('list', { name: 'From creators' })).getByRole('article', { name: 'My Linocut' });
    expect(within(card).queryByRole('button', { name: /Add to Cart/ })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Manage My Linocut' }));
    expect(screen.getByRole('tab', { name: 'Your listings' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('list', { name: 'Your listings' })).toBeInTheDocument();
  });
});

describe('Sell your work', () => {
  async function openForm(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Sell your work' }));
    return screen.getByRole('dialog', { name: 'Sell your work' });
  }

  it('says what is wrong with each field and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderShop();
    const form = await openForm(user);
    await user.click(within(form).getByRole('button', { name: 'List your work' }));
    expect(within(form).getByText('Choose a picture of your work')).toBeInTheDocument();
    expect(within(form).getByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByText('Enter a price in dollars with at most 2 decimals')).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(form).getByLabelText('Name'), 'x'.repeat(101));
    await user.type(within(form).getByLabelText('Price (USD)'), '0.99');
    await user.clear(within(form).getByLabelText('Stock'));
    await user.type(within(form).getByLabelText('Stock'), '10001');
    await user.click(within(form).getByRole('button', { name: 'List your work' }));
    expect(within(form).getByText('Name must be at most 100 characters')).toBeInTheDocument();
    expect(within(form).getByText('Price must be between $1.00 and $10,000.00')).toBeInTheDocument();
    expect(within(form).getByText('Stock must be a whole number from 1 to 10,000')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Price (USD)'));
    await user.type(within(form).getByLabelText('Price (USD)'), '10000.01');
    await user.click(within(form).getByRole('button', { name: 'List your work' }));
    expect(within(form).getByText('Price must be between $1.00 and $10,000.00')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Price (USD)'));
    await user.type(within(form).getByLabelText('Price (USD)'), '12.345');
    await user.click(within(form).getByRole('button', { name: 'List your work' }));
    expect(within(form).getByText('Enter a price in dollars with at most 2 decimals')).toBeInTheDocument();

    const description = within(form).getByLabelText('Description (optional)');
    await user.click(description);
    await user.paste('d'.repeat(2001));
    expect(within(form).getByText('2001/2000')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'List your work' }));
    expect(within(form).getByText('Description must be at most 2,000 characters')).toBeInTheDocument();

    expect(calls('POST /api/products')).toHaveLength(0);
  });

  it('lists a physical work as JSON with the price in cents, says Listed! and shows it in Your listings', async () => {
    const user = userEvent.setup();
    let listed = false;
    const created = aWork({ id: 300, name: 'Harbour at Dusk', price: 2550, stock: 12, seller: mine });
    const { calls } = renderShop({
      'POST /api/products': () => {
        listed = true;
        return json(created, { status: 201 });
      },
      'GET /api/products': (request) =>
        productsRoute({ house: catalogue, creators: [[]], bySeller: { [me.id]: listed ? [created] : [] } })(request),
    });
    const form = await openForm(user);
    await user.upload(within(form).getByLabelText('Picture of your work'), pngFile());
    const preview = await within(form).findByRole('img', { name: 'Preview of your work' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await user.type(within(form).getByLabelText('Name'), '  Harbour at Dusk ');
    await user.type(within(form).getByLabelText('Description (optional)'), 'Risograph, A3');
    expect(within(form).getByText('13/2000')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Price (USD)'), '25.5');
    await user.selectOptions(within(form).getByLabelText('Category'), 'prints');
    expect(within(form).getByRole('radio', { name: 'Physical' })).toBeChecked();
    await user.clear(within(form).getByLabelText('Stock'));
    await user.type(within(form).getByLabelText('Stock'), '12');
    await user.click(within(form).getByRole('button', { name: 'List your work' }));

    expect(await screen.findByText('Listed!')).toBeInTheDocument();
    const [request] = calls('POST /api/products');
    expect(request.headers['Content-Type']).toBe('application/json');
    expect(request.body).toEqual({
      name: 'Harbour at Dusk',
      description: 'Risograph, A3',
      price: 2550,
      category: 'prints',
      image: preview.getAttribute('src'),
      kind: 'physical',
      stock: 12,
    });
    expect(FakeXhr.last).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sell your work' })).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'Your listings' })).toHaveAttribute('aria-selected', 'true');
    const listings = await screen.findByRole('list', { name: 'Your listings' });
    expect(within(listings).getByRole('listitem', { name: 'Harbour at Dusk' })).toHaveTextContent('$25.50');
  });

  it("shows the server's refusal in the form", async () => {
    const user = userEvent.setup();
    renderShop({ 'POST /api/products': () => apiError(400, 'Name must not contain control characters', 'bad_request') });
    const form = await openForm(user);
    await user.upload(within(form).getByLabelText('Picture of your work'), pngFile());
    await within(form).findByRole('img', { name: 'Preview of your work' });
    await user.type(within(form).getByLabelText('Name'), 'Print');
    await user.type(within(form).getByLabelText('Price (USD)'), '10');
    await user.click(within(form).getByRole('button', { name: 'List your work' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Name must not contain control characters');
    expect(screen.getByRole('dialog', { name: 'Sell your work' })).toBeInTheDocument();
  });

  it('uploads a digital work as one multipart request, its file last, with the upload progress', async () => {
    const user = userEvent.setup();
    renderShop();
    const form = await openForm(user);
    await user.upload(within(form).getByLabelText('Picture of your work'), pngFile());
    const preview = await within(form).findByRole('img', { name: 'Preview of your work' });
    await user.type(within(form).getByLabelText('Name'), 'Night Zine');
    await user.type(within(form).getByLabelText('Description (optional)'), '24 pages');
    await user.type(within(form).getByLabelText('Price (USD)'), '12');
    await user.selectOptions(within(form).getByLabelText('Category'), 'digital');
    await user.click(within(form).getByRole('radio', { name: 'Digital' }));
    expect(within(form).queryByLabelText('Stock')).not.toBeInTheDocument();
    // No file yet: refused in the browser.
    await user.click(within(form).getByRole('button', { name: 'List your work' }));
    expect(within(form).getByText('Choose the file buyers will download')).toBeInTheDocument();
    const zip = new File(['zine-bytes'], 'night-zine.pdf', { type: 'application/pdf' });
    await user.upload(within(form).getByLabelText('File'), zip);
    expect(within(form).getByText(/night-zine\.pdf/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'List your work' }));

    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/products');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers['Content-Type']).toBeUndefined(); // the browser sets the multipart boundary
    const body = xhr.body as unknown as FormData;
    expect([...body.keys()]).toEqual(['name', 'description', 'price', 'category', 'kind', 'image', 'file']);
    expect(body.get('name')).toBe('Night Zine');
    expect(body.get('description')).toBe('24 pages');
    expect(body.get('price')).toBe('1200');
    expect(body.get('category')).toBe('digital');
    expect(body.get('kind')).toBe('digital');
    expect(body.get('image')).toBe(preview.getAttribute('src'));
    const file = body.get('file') as File;
    expect(file.name).toBe('night-zine.pdf');
    expect(await file.text()).toBe('zine-bytes');

    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 30, total: 100 }));
    expect(within(form).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '30');
    expect(within(form).getByRole('button', { name: 'Listing...' })).toBeDisabled();
    act(() => xhr.respond(201, JSON.stringify(aWork({ id: 301, name: 'Night Zine', kind: 'digital', seller: mine }))));
    expect(await screen.findByText('Listed!')).toBeInTheDocument();
  });

  it('refuses a file over 100 MB in the browser', async () => {
    const user = userEvent.setup();
    renderShop();
    const form = await openForm(user);
    await user.click(within(form).getByRole('radio', { name: 'Digital' }));
    const big = new File(['x'], 'huge.mov', { type: 'video/quicktime' });
    Object.defineProperty(big, 'size', { value: 100 * 1024 * 1024 + 1 });
    await user.upload(within(form).getByLabelText('File'), big);
    expect(within(form).getByText('The file must be at most 100 MB')).toBeInTheDocument();
    expect(within(form).getByLabelText('File')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(form).getByRole('button', { name: 'List your work' }));
    expect(FakeXhr.last).toBeUndefined();
  });

  it('shows the 413 of a file the server finds too large', async () => {
    const user = userEvent.setup();
    renderShop();
    const form = await openForm(user);
    await user.upload(within(form).getByLabelText('Picture of your work'), pngFile());
    await within(form).findByRole('img', { name: 'Preview of your work' });
    await user.type(within(form).getByLabelText('Name'), 'Big');
    await user.type(within(form).getByLabelText('Price (USD)'), '5');
    await user.click(within(form).getByRole('radio', { name: 'Digital' }));
    await user.upload(within(form).getByLabelText('File'), new File(['x'], 'a.bin'));
    await user.click(within(form).getByRole('button', { name: 'List your work' }));
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    act(() => FakeXhr.last!.respond(413, ''));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The file must be at most 100 MB');
  });
});

describe('Your listings', () => {
  const linocut = aWork({ id: 220, name: 'My Linocut', price: 3000, stock: 4, description: 'Hand pulled', seller: mine });
  const pack = aWork({ id: 221, name: 'Brush Pack', price: 800, kind: 'digital', description: 'For painters', seller: mine });

  function renderListings(routes: Routes = {}) {
    const shown = { works: [linocut, pack] };
    const server = renderShop({
      'GET /api/products': (request) => productsRoute({ house: catalogue, bySeller: { [me.id]: shown.works } })(request),
      ...routes,
    });
    return { ...server, shown };
  }

  it('edits the price, stock and description of a physical work, sending only what changed', async () => {
    const user = userEvent.setup();
    const { calls } = renderListings({
      'PATCH /api/products/220': ({ body }) => json({ ...linocut, ...(body as object) }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Your listings' }));
    const list = await screen.findByRole('list', { name: 'Your listings' });
    expect(calls('GET /api/products').some((c) => c.url.searchParams.get('seller') === String(me.id))).toBe(true);
    expect(within(list).getByRole('listitem', { name: 'My Linocut' })).toHaveTextContent('Only 4 left');
    expect(within(list).getByRole('listitem', { name: 'Brush Pack' })).toHaveTextContent('Digital download');

    await user.click(within(list).getByRole('button', { name: 'Edit My Linocut' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit My Linocut' });
    expect(within(dialog).getByLabelText('Price (USD)')).toHaveValue('30.00');
    expect(within(dialog).getByLabelText('Stock')).toHaveValue('4');
    await user.clear(within(dialog).getByLabelText('Price (USD)'));
    await user.type(within(dialog).getByLabelText('Price (USD)'), '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText('Price must be between $1.00 and $10,000.00')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Price (USD)'));
    await user.type(within(dialog).getByLabelText('Price (USD)'), '32.50');
    await user.clear(within(dialog).getByLabelText('Stock'));
    await user.type(within(dialog).getByLabelText('Stock'), '9');
    await user.type(within(dialog).getByLabelText('Description'), ', signed');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Listing updated')).toBeInTheDocument();
    expect(calls('PATCH /api/products/220').map((c) => c.body)).toEqual([{ price: 3250, stock: 9, description: 'Hand pulled, signed' }]);
  });

  it('edits a digital work without a stock field', async () => {
    const user = userEvent.setup();
    const { calls } = renderListings({ 'PATCH /api/products/221': ({ body }) => json({ ...pack, ...(body as object) }) });
    await user.click(await screen.findByRole('tab', { name: 'Your listings' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Brush Pack' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Brush Pack' });
    expect(within(dialog).queryByLabelText('Stock')).not.toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Price (USD)'));
    await user.type(within(dialog).getByLabelText('Price (USD)'), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Listing updated')).toBeInTheDocument();
    expect(calls('PATCH /api/products/221').map((c) => c.body)).toEqual([{ price: 900 }]);
  });

  it('unlists a work after asking, and it leaves the list', async () => {
    const user = userEvent.setup();
    const { calls, shown } = renderListings({
      'DELETE /api/products/220': () => {
        shown.works = [pack];
        return new Response(null, { status: 204 });
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Your listings' }));
    const list = await screen.findByRole('list', { name: 'Your listings' });
    const unlist = within(list).getByRole('button', { name: 'Unlist My Linocut' });
    await user.click(unlist);
    const confirm = screen.getByRole('alertdialog', { name: 'Unlist My Linocut?' });
    expect(confirm).toHaveAccessibleDescription('It leaves the shop and can no longer be bought; orders and sales keep it.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls('DELETE /api/products/220')).toHaveLength(0);
    expect(within(list).getByRole('listitem', { name: 'My Linocut' })).toBeInTheDocument();
    expect(unlist).toHaveFocus();
    await user.click(unlist);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls('DELETE /api/products/220')).toHaveLength(0);

    await user.click(within(list).getByRole('button', { name: 'Unlist My Linocut' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Unlist My Linocut?' })).getByRole('button', { name: 'Unlist' }));
    expect(await screen.findByText('Unlisted')).toBeInTheDocument();
    expect(calls('DELETE /api/products/220')).toHaveLength(1);
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'My Linocut' })).not.toBeInTheDocument());
    expect(within(list).getByRole('listitem', { name: 'Brush Pack' })).toBeInTheDocument();
  });

  it("says why the server refused to unlist, in the question, and tries again", async () => {
    const user = userEvent.setup();
    let answers = 0;
    const { calls } = renderListings({
      'DELETE /api/products/220': () => (answers++ === 0 ? apiError(409, 'This work has an open checkout') : new Response(null, { status: 204 })),
    });
    await user.click(await screen.findByRole('tab', { name: 'Your listings' }));
    const list = await screen.findByRole('list', { name: 'Your listings' });
    await user.click(within(list).getByRole('button', { name: 'Unlist My Linocut' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Unlist My Linocut?' });
    await user.click(within(confirm).getByRole('button', { name: 'Unlist' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('This work has an open checkout');
    await user.click(within(confirm).getByRole('button', { name: 'Unlist' }));
    expect(await screen.findByText('Unlisted')).toBeInTheDocument();
    expect(calls('DELETE /api/products/220')).toHaveLength(2);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('the shop link to your listings', () => {
  it('opens Your listings from ?tab=listings (the profile links there)', async () => {
    renderShop({}, '/shop?tab=listings');
    expect(screen.getByRole('tab', { name: 'Your listings' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('You have no works listed')).toBeInTheDocument();
  });
});

describe('Your sales', () => {
  it('lists each sale with the work, quantity, buyer, total, credit, fee and date, with Load more', async () => {
    const user = userEvent.setup();
    const { calls } = renderShop({
      'GET /api/user/sales': ({ url }) =>
        url.searchParams.get('before') === 's1'
          ? json([aSale({ id: 2, productName: 'Old Sketch', totalAmount: 900, credited: 810, fee: 90 })])
          : json([aSale({ id: 3, productName: 'Harbour Print', quantity: 2, totalAmount: 5000, credited: 4500, fee: 500 })], {
              headers: { 'Content-Type': 'application/json', 'X-Next-Cursor': 's1' },
            }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Your sales' }));
    const list = await screen.findByRole('list', { name: 'Your sales' });
    const sale = within(list).getByRole('listitem', { name: 'Harbour Print, bought by Fay Fan' });
    expect(sale).toHaveTextContent('Qty 2');
    expect(sale).toHaveTextContent('@fan');
    expect(sale).toHaveTextContent('+$45.00');
    expect(sale).toHaveTextContent('of $50.00');
    expect(sale).toHaveTextContent('fee $5.00');
    expect(sale).toHaveTextContent('Mar 4, 2026');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('listitem', { name: 'Old Sketch, bought by Fay Fan' })).toHaveTextContent('+$8.10');
    expect(calls('GET /api/user/sales').at(-1)!.url.searchParams.get('before')).toBe('s1');
  });

  it('says when nothing has sold yet', async () => {
    const user = userEvent.setup();
    renderShop();
    await user.click(await screen.findByRole('tab', { name: 'Your sales' }));
    expect(await screen.findByText('No sales yet')).toBeInTheDocument();
  });
});

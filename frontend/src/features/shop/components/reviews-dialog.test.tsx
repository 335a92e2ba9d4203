import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SafetyActionsProvider, type SafetyActions } from '@/lib/safety-actions';
import { json, me, renderWithApp } from '@/test/render';
import { apiError, aReview, serveApi, someReviews } from '@/test/shop';
import { ReviewsDialog } from './reviews-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const product = { id: 7, name: 'Pixel Tee' };
const mine = (overrides = {}) => aReview({ productId: 7, rating: 4, text: 'Soft cotton', author: { id: me.id, username: me.username, displayName: me.displayName, profileImageUrl: null }, ...overrides });

function renderDialog(actions?: SafetyActions) {
  const dialog = <ReviewsDialog product={product} open onOpenChange={() => {}} />;
  return renderWithApp(actions ? <SafetyActionsProvider value={actions}>{dialog}</SafetyActionsProvider> : dialog, { user: me });
}

const reviewTexts = () =>
  within(screen.getByRole('list', { name: 'Reviews' }))
    .getAllByRole('article')
    .map((a) => a.getAttribute('aria-label'));

describe('ReviewsDialog', () => {
  it("lists the reviews newest first as the server gives them and loads older ones with 'Load more'", async () => {
    const api = serveApi({
      'GET /api/products/7/reviews': ({ url }) =>
        url.searchParams.get('before') === '11'
          ? json(someReviews({ rating: 4, reviewCount: 3, reviews: [aReview({ id: 10, author: { id: 5, username: 'ada', displayName: 'Ada', profileImageUrl: null } })] }))
          : json(
              someReviews({
                rating: 4,
                reviewCount: 3,
                reviews: [aReview({ id: 12, author: { id: 3, username: 'sofia', displayName: 'Sofia', profileImageUrl: null } }), aReview({ id: 11 })],
              }),
              { headers: { 'X-Next-Cursor': '11' } },
            ),
    });
    renderDialog();
    await screen.findByRole('list', { name: 'Reviews' });
    expect(reviewTexts()).toEqual(['Review by sofia', 'Review by leo']);
    expect(screen.getByText('4.0 out of 5 · 3 reviews')).toBeInTheDocument();
    // Neither bought nor reviewed: no form.
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(reviewTexts()).toEqual(['Review by sofia', 'Review by leo', 'Review by ada']));
    expect(api.calls('GET /api/products/7/reviews').map((c) => c.url.searchParams.get('before'))).toEqual([null, '11']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('lets a buyer rate it with 1–5 star radio buttons and optional text, counted to 1000', async () => {
    let reviewed = false;
    const api = serveApi({
      'GET /api/products/7/reviews': () =>
        json(reviewed ? someReviews({ rating: 4, reviewCount: 1, viewerReview: mine(), reviews: [mine()] }) : someReviews({ canReview: true })),
      'POST /api/products/7/reviews': () => {
        reviewed = true;
        return json(mine(), { status: 201 });
      },
    });
    const user = userEvent.setup();
    renderDialog();
    const form = await screen.findByRole('form', { name: 'Write a review' });
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Reviews' })).not.toBeInTheDocument();

    // No stars: nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Post review' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose 1 to 5 stars');
    expect(api.calls('POST /api/products/7/reviews')).toHaveLength(0);

    const stars = within(form).getByRole('group', { name: 'Your rating' });
    expect(within(stars).getAllByRole('radio')).toHaveLength(5);
    await user.click(within(stars).getByRole('radio', { name: '4 stars' }));
    expect(within(stars).getByRole('radio', { name: '4 stars' })).toBeChecked();
    const text = within(form).getByRole('textbox', { name: 'Your review (optional)' });
    expect(text).toHaveAttribute('maxLength', '1000');
    await user.type(text, ' Soft cotton ');
    expect(within(form).getByText('13/1000')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Post review' }));

    await waitFor(() => expect(api.calls('POST /api/products/7/reviews')).toHaveLength(1));
    expect(api.calls('POST /api/products/7/reviews')[0].body).toEqual({ rating: 4, text: 'Soft cotton' });
    const yours = await screen.findByRole('region', { name: 'Your review' });
    expect(within(yours).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it("edits the viewer's review, keeping the form and showing the server's refusal", async () => {
    let answer = () => apiError(400, 'Review text must be at most 1000 characters', 'invalid_input');
    const api = serveApi({
      'GET /api/products/7/reviews': () => json(someReviews({ rating: 4, reviewCount: 1, viewerReview: mine(), reviews: [mine()] })),
      'PUT /api/products/7/reviews/mine': () => answer(),
    });
    const user = userEvent.setup();
    renderDialog();
    const yours = await screen.findByRole('region', { name: 'Your review' });
    await user.click(within(yours).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit your review' });
    expect(within(form).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Your review (optional)' })).toHaveValue('Soft cotton');

    await user.click(within(form).getByRole('radio', { name: '2 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Review text must be at most 1000 characters');
    expect(within(form).getByRole('radio', { name: '2 stars' })).toBeChecked();

    answer = () => json(mine({ rating: 2, editedAt: '2026-03-05T10:00:00Z' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit your review' })).not.toBeInTheDocument());
    expect(api.calls('PUT /api/products/7/reviews/mine').map((c) => c.body)).toEqual([
      { rating: 2, text: 'Soft cotton' },
      { rating: 2, text: 'Soft cotton' },
    ]);
  });

  it("reports someone else's review through the app's Report dialog, never the viewer's own", async () => {
    serveApi({
      'GET /api/products/7/reviews': () =>
        json(someReviews({ rating: 3, reviewCount: 2, viewerReview: mine(), reviews: [aReview({ id: 31, productId: 7 }), mine({ id: 30 })] })),
    });
    const report = vi.fn();
    renderDialog({ viewerId: me.id, mute: vi.fn(), block: vi.fn(), report });
    await screen.findByRole('list', { name: 'Reviews' });
    expect(screen.queryByRole('button', { name: 'Report review by maya' })).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Report review by leo' }));
    expect(report).toHaveBeenCalledWith({ targetType: 'review', targetId: 31 }, expect.objectContaining({ returnFocusTo: expect.any(HTMLElement) }));
  });
});

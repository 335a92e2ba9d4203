import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, me, renderWithApp } from '@/test/render';
import { aReview, aWork, serveApi, someReviews } from '@/test/shop';
import { WorkCard } from './work-card';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WorkCard', () => {
  it("shows a creator's work's average with its count, and opens its reviews from it", async () => {
    const api = serveApi({
      'GET /api/products/31/reviews': () =>
        json(someReviews({ rating: 4.7, reviewCount: 3, reviews: [aReview({ productId: 31, text: 'The blues are deep' })] })),
    });
    renderWithApp(<WorkCard work={aWork({ id: 31, name: 'Harbour Print', rating: 4.7, reviewCount: 3 })} viewerId={me.id} onAdd={() => {}} />, {
      user: me,
    });
    const card = screen.getByRole('article', { name: 'Harbour Print' });
    const rating = within(card).getByRole('button', { name: 'Reviews of Harbour Print: 4.7 out of 5 · 3 reviews' });
    expect(rating).toHaveTextContent('4.7 out of 5 · 3 reviews');
    expect(api.calls('GET /api/products/31/reviews')).toHaveLength(0);

    await userEvent.setup().click(rating);
    const dialog = await screen.findByRole('dialog', { name: 'Reviews of Harbour Print' });
    expect(await within(dialog).findByText('The blues are deep')).toBeInTheDocument();
  });

  it("says 'No reviews yet' on a work nobody has reviewed, your own included", () => {
    renderWithApp(
      <WorkCard work={aWork({ name: 'Night Zine', kind: 'digital', seller: { id: me.id, username: 'maya', displayName: 'Maya Chen', profileImageUrl: null } })} viewerId={me.id} onAdd={() => {}} />,
      { user: me },
    );
    const card = screen.getByRole('article', { name: 'Night Zine' });
    expect(within(card).getByRole('button', { name: 'Reviews of Night Zine: No reviews yet' })).toHaveTextContent('No reviews yet');
    expect(within(card).queryByRole('button', { name: /^Add to Cart/ })).not.toBeInTheDocument();
  });
});

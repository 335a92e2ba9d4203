import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, me, renderWithApp } from '@/test/render';
import { aProduct, aReview, serveApi, someReviews } from '@/test/shop';
import { ProductCard } from './product-card';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProductCard', () => {
  it('shows the real average with its count, and opens the reviews from it', async () => {
    const api = serveApi({
      'GET /api/products/7/reviews': () =>
        json(someReviews({ rating: 4.5, reviewCount: 2, reviews: [aReview({ productId: 7, text: 'Great tee' }), aReview({ productId: 7, text: 'Fine' })] })),
    });
    renderWithApp(<ProductCard product={aProduct({ id: 7, name: 'Pixel Tee', rating: 4.5, reviewCount: 2 })} onAdd={() => {}} />, { user: me });
    const rating = screen.getByRole('button', { name: 'Reviews of Pixel Tee: 4.5 out of 5 · 2 reviews' });
    expect(rating).toHaveTextContent('4.5 out of 5 · 2 reviews');
    // Nothing is read before the reviews are opened.
    expect(api.calls('GET /api/products/7/reviews')).toHaveLength(0);

    await userEvent.setup().click(rating);
    const dialog = await screen.findByRole('dialog', { name: 'Reviews of Pixel Tee' });
    expect(await within(dialog).findByText('Great tee')).toBeInTheDocument();
    expect(within(dialog).getByText('4.5 out of 5 · 2 reviews')).toBeInTheDocument();
  });

  it("says 'No reviews yet' before a product's first review", () => {
    renderWithApp(<ProductCard product={aProduct({ name: 'Brush Tote', rating: null, reviewCount: 0 })} onAdd={() => {}} />, { user: me });
    const rating = screen.getByRole('button', { name: 'Reviews of Brush Tote: No reviews yet' });
    expect(rating).toHaveTextContent('No reviews yet');
    expect(rating).not.toHaveTextContent(/\d/);
  });
});

//! A product's reviews (issue 42), in a dialog opened from its card: the average and count, the
//! viewer's own review (with Edit and Delete) or the form to write one when they bought it,
//! then every review newest first with 'Load more'. Someone else's review has a Report action
//! (the app's Report dialog, through lib/safety-actions).
import { Flag, Star } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { relativeTime } from '@/lib/relative-time';
import { useSafetyActions } from '@/lib/safety-actions';
import { useCreateReview } from '../api/create-review';
import { useDeleteReview } from '../api/delete-review';
import { useReviews } from '../api/get-reviews';
import { useUpdateReview } from '../api/update-review';
import type { Product, Review } from '../types';
import { ReviewForm } from './review-form';

/** '4.5 out of 5 · 3 reviews', or 'No reviews yet'. */
export function ratingSummary(rating: number | null, count: number): string {
  if (rating === null || count === 0) return 'No reviews yet';
  return `${rating.toFixed(1)} out of 5 · ${count.toLocaleString('en-US')} ${count === 1 ? 'review' : 'reviews'}`;
}

export function ReviewsDialog({ product, open, onOpenChange }: { product: Pick<Product, 'id' | 'name'>; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[560px]">{open && <ReviewsBody product={product} />}</DialogContent>
    </Dialog>
  );
}

function ReviewsBody({ product }: { product: Pick<Product, 'id' | 'name'> }) {
  const reviews = useReviews(product.id);
  const first = reviews.data?.pages[0];
  const all = reviews.data?.pages.flatMap((page) => page.reviews) ?? [];

  return (
    <>
      <DialogTitle>Reviews of {product.name}</DialogTitle>
      <DialogDescription>{first ? ratingSummary(first.rating, first.reviewCount) : 'Loading reviews...'}</DialogDescription>
      <div className="mt-4 space-y-4">
        {reviews.isError && (
          <p role="alert" className="text-sm text-red-300">
            Failed to load reviews.{' '}
            <Button variant="link" onClick={() => void reviews.refetch()}>
              Try again
            </Button>
          </p>
        )}
        {first && <OwnReview productId={product.id} canReview={first.canReview} review={first.viewerReview} />}
        {all.length > 0 && (
          <ul aria-label="Reviews" className="divide-y divide-white/5">
            {all.map((review) => (
              <li key={review.id} className="py-3">
                <ReviewItem review={review} />
              </li>
            ))}
          </ul>
        )}
        {reviews.hasNextPage && (
          <Button variant="secondary" className="w-full" disabled={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
            {reviews.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        )}
      </div>
    </>
  );
}

/** The viewer's review with Edit and Delete, the form for a new one, or nothing. */
function OwnReview({ productId, canReview, review }: { productId: number; canReview: boolean; review: Review | null }) {
  const [editing, setEditing] = useState(false);
  const create = useCreateReview(productId);
  const update = useUpdateReview(productId);
  const remove = useDeleteReview(productId);

  if (review && editing) {
    return (
      <ReviewForm
        initial={review}
        pending={update.isPending}
        error={update.error}
        onSubmit={(body) => update.mutate(body, { onSuccess: () => setEditing(false) })}
        onCancel={() => {
          update.reset();
          setEditing(false);
        }}
      />
    );
  }
  if (review) {
    return (
      <section aria-label="Your review" className="rounded-xl border border-white/10 p-3">
        <p className="text-sm font-medium text-zinc-300">Your review</p>
        <Stars rating={review.rating} />
        {review.text && <p className="mt-1 text-sm break-words whitespace-pre-line text-zinc-200">{review.text}</p>}
        <div className="mt-2 flex gap-2">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate()}>
            Delete
          </Button>
        </div>
      </section>
    );
  }
  if (!canReview) return null;
  return <ReviewForm pending={create.isPending} error={create.error} onSubmit={(body) => create.mutate(body)} />;
}

function Stars({ rating }: { rating: number }) {
  return (
    <p className="mt-1 flex items-center gap-0.5" aria-label={`Rated ${rating} out of 5`} role="img">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={n <= rating ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 text-zinc-600'} />
      ))}
    </p>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const actions = useSafetyActions();
  const byOther = actions !== null && actions.viewerId !== review.author.id;
  return (
    <article aria-label={`Review by ${review.author.username}`} className="flex gap-3">
      <Avatar src={review.author.profileImageUrl} name={review.author.displayName || review.author.username} className="size-9 shrink-0 text-sm" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-white">{review.author.displayName}</span>
          <span className="text-xs text-zinc-500">
            @{review.author.username} · {relativeTime(review.createdAt)}
            {review.editedAt && ' · edited'}
          </span>
        </p>
        <Stars rating={review.rating} />
        {review.text && <p className="mt-1 text-sm break-words whitespace-pre-line text-zinc-200">{review.text}</p>}
      </div>
      {byOther && (
        <Button
          variant="ghost"
          aria-label={`Report review by ${review.author.username}`}
          className="size-11 shrink-0 px-0 text-zinc-400"
          onClick={(event) => actions.report({ targetType: 'review', targetId: review.id }, { returnFocusTo: event.currentTarget })}
        >
          <Flag aria-hidden="true" className="size-4" />
        </Button>
      )}
    </article>
  );
}

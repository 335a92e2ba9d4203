//! The viewer's review of a product they bought (issue 42): 1–5 stars as five radio buttons (a
//! fieldset, each star named '1 star' … '5 stars', arrow keys move between them), optional text
//! of at most 1000 characters with a counter, and Save. A refusal shows the server's message
//! under the form, the choices kept.
import { Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label, Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import type { Review, ReviewRequest } from '../types';

/** At most this many characters of text (the server's limit). */
export const REVIEW_TEXT_MAX = 1000;

export const REVIEW_FORM_TEXT = {
  rating: 'Your rating',
  star: (n: number) => (n === 1 ? '1 star' : `${n} stars`),
  text: 'Your review (optional)',
  placeholder: 'What did you think of it?',
  counter: (length: number) => `${length}/${REVIEW_TEXT_MAX}`,
  post: 'Post review',
  save: 'Save changes',
  saving: 'Saving...',
  cancel: 'Cancel',
  chooseStars: 'Choose 1 to 5 stars',
  failed: 'Could not save your review. Please try again.',
} as const;

export function ReviewForm({
  initial,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  /** The review being edited; none for a new one. */
  initial?: Review | null;
  pending: boolean;
  /** The last save's failure, if any. */
  error: unknown;
  onSubmit: (review: ReviewRequest) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(initial?.rating ?? null);
  const [text, setText] = useState(initial?.text ?? '');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (rating === null) {
      setMissing(true);
      return;
    }
    const trimmed = text.trim();
    onSubmit({ rating, text: trimmed ? trimmed : null });
  };

  const problem = missing && rating === null ? REVIEW_FORM_TEXT.chooseStars : error ? (errorMessage(error) ?? REVIEW_FORM_TEXT.failed) : null;

  return (
    <form onSubmit={submit} aria-label={initial ? 'Edit your review' : 'Write a review'} className="space-y-3 rounded-xl border border-white/10 p-3">
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-zinc-300">{REVIEW_FORM_TEXT.rating}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="relative grid size-11 cursor-pointer place-items-center rounded-full hover:bg-white/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-fuchsia-400">
              <input
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                aria-label={REVIEW_FORM_TEXT.star(n)}
                className="absolute inset-0 cursor-pointer opacity-0"
              />
              <Star
                aria-hidden="true"
                className={cn('size-6', rating !== null && n <= rating ? 'fill-amber-400 text-amber-400' : 'text-zinc-500')}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <Label htmlFor={`${id}-text`}>{REVIEW_FORM_TEXT.text}</Label>
        <Textarea
          id={`${id}-text`}
          value={text}
          maxLength={REVIEW_TEXT_MAX}
          placeholder={REVIEW_FORM_TEXT.placeholder}
          aria-describedby={`${id}-counter`}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${id}-counter`} className="mt-1 text-right text-xs text-zinc-400 tabular-nums">
          {REVIEW_FORM_TEXT.counter(text.length)}
        </p>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-300">
          {problem}
        </p>
      )}
      <div className="flex gap-3">
        {onCancel && (
          <Button type="button" variant="secondary" className="flex-1" disabled={pending} onClick={onCancel}>
            {REVIEW_FORM_TEXT.cancel}
          </Button>
        )}
        <Button type="submit" className="flex-1" disabled={pending}>
          {pending ? REVIEW_FORM_TEXT.saving : initial ? REVIEW_FORM_TEXT.save : REVIEW_FORM_TEXT.post}
        </Button>
      </div>
    </form>
  );
}

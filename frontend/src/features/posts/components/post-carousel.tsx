//! A post's images (issue 44): one shows as before; several sit in a carousel that swipes (the
//! browser's own scroll snapping), steps with the arrow keys or the Previous and Next buttons,
//! and shows where you are as dots and 'n/10'. Every image carries its alt text (the post's
//! caption where its author wrote none), and the carousel keeps the first image's shape, as
//! Instagram does.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';
import type { Post } from '@/types/social';
import { feedAspectRatio, PostImage } from './post-image';

type PostMedia = Post['media'][number];

export function PostCarousel({
  media,
  fallbackAlt,
  className,
}: {
  media: PostMedia[];
  /** Said for an image whose author wrote no alt text. */
  fallbackAlt: string;
  className?: string;
}) {
  const track = useRef<HTMLDivElement>(null);
  /** Where a step is scrolling to: the scroll events on the way do not move the counter back. */
  const heading = useRef<number | null>(null);
  const [index, setIndex] = useState(0);
  const first = media[0];
  const altOf = (item: PostMedia) => item.alt.trim() || fallbackAlt;

  if (media.length <= 1) {
    return (
      <PostImage
        src={first.url}
        alt={altOf(first)}
        width={first.width}
        height={first.height}
        blurhash={first.blurhash}
        className={className}
      />
    );
  }

  const count = media.length;
  const show = (next: number) => {
    const target = Math.max(0, Math.min(count - 1, next));
    const el = track.current;
    if (!el) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    heading.current = target;
    el.scrollTo?.({ left: target * el.clientWidth, behavior: reduced ? 'auto' : 'smooth' });
    setIndex(target);
  };
  const onScroll = () => {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    const at = Math.max(0, Math.min(count - 1, Math.round(el.scrollLeft / el.clientWidth)));
    if (heading.current !== null) {
      if (at !== heading.current) return;
      heading.current = null;
    }
    setIndex(at);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight') show(index + 1);
    else if (event.key === 'ArrowLeft') show(index - 1);
    else return;
    event.preventDefault();
  };
  const stepClass =
    'absolute top-1/2 z-10 grid size-9 -translate-y-1/2 place-items-center rounded-full bg-black/60 text-white shadow transition hover:bg-black/80 focus-visible:opacity-100 disabled:hidden';

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`${count} images`}
      className={cn('group/carousel relative w-full', className)}
      style={{ aspectRatio: feedAspectRatio(first.width, first.height) }}
    >
      {/* The track scrolls; it takes the arrow keys when focused (a scrollable region must be reachable by keyboard). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- axe's scrollable-region-focusable: the scrolling track is focusable, and its arrow keys step it */}
      <div
        ref={track}
        role="group"
        aria-label={`Image ${index + 1} of ${count}`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- as above: a scrolling region is reached by keyboard
        tabIndex={0}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        className="flex size-full snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-fuchsia-400 [&::-webkit-scrollbar]:hidden"
      >
        {media.map((item, i) => (
          <div key={`${item.url}-${i}`} className="size-full shrink-0 snap-center" aria-hidden={i !== index || undefined}>
            <PostImage src={item.url} alt={altOf(item)} width={item.width} height={item.height} blurhash={item.blurhash} className="size-full" />
          </div>
        ))}
      </div>
      <span aria-hidden="true" className="absolute top-3 right-3 rounded-full bg-black/60 px-2 py-0.5 text-xs font-medium text-white">
        {index + 1}/{count}
      </span>
      <button type="button" aria-label="Previous image" disabled={index === 0} onClick={() => show(index - 1)} className={cn(stepClass, 'left-2')}>
        <ChevronLeft aria-hidden="true" className="size-5" />
      </button>
      <button type="button" aria-label="Next image" disabled={index === count - 1} onClick={() => show(index + 1)} className={cn(stepClass, 'right-2')}>
        <ChevronRight aria-hidden="true" className="size-5" />
      </button>
      <span aria-hidden="true" className="absolute inset-x-0 bottom-2 flex justify-center gap-1.5">
        {media.map((item, i) => (
          <span key={`${item.url}-dot-${i}`} className={cn('size-1.5 rounded-full transition', i === index ? 'bg-white' : 'bg-white/45')} />
        ))}
      </span>
    </section>
  );
}

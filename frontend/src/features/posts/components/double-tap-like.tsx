//! A double tap (or double click) on a post's picture likes it, with a heart that pops over the
//! picture (issue 43, as Instagram and our reels do). It never unlikes: on a liked post the heart
//! pops and nothing is sent. The Like button stays the way to like from a keyboard.
import { Heart } from 'lucide-react';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

export function DoubleTapLike({
  liked,
  onLike,
  className,
  children,
}: {
  liked: boolean;
  /** Called on a double tap of a post not liked yet. */
  onLike: () => void;
  className?: string;
  children: ReactNode;
}) {
  /** Bumped by each double tap: a new heart each time. */
  const [burst, setBurst] = useState(0);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    // `detail` counts the taps of one gesture: 2 is a double tap; a third does not repeat it.
    if (event.detail !== 2) return;
    if (!liked) onLike();
    setBurst((n) => n + 1);
  };

  return (
    // The double tap is a pointer shortcut; the Like button under the picture does the same.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- pointer shortcut of the Like button
    <div data-testid="post-picture" onClick={onClick} className={cn('relative touch-manipulation select-none', className)}>
      {children}
      {burst > 0 && (
        <Heart
          key={burst}
          aria-hidden="true"
          data-testid="like-burst"
          className="pointer-events-none absolute top-1/2 left-1/2 size-24 -translate-x-1/2 -translate-y-1/2 animate-[ping_700ms_ease-out_1_forwards] fill-rose-500 text-rose-500 drop-shadow-lg motion-reduce:animate-none motion-reduce:opacity-0"
        />
      )}
    </div>
  );
}

import { useState } from 'react';
import { cn } from '@/lib/utils';

/** Stands in for a missing avatar. It does not exist on our server, so we never request it. */
export const PLACEHOLDER_AVATAR = '/api/placeholder/40/40';

/**
 * A round avatar: the image when there is one, otherwise (or when it fails to load) the
 * name's first letter on the accent gradient.
 */
export function Avatar({
  src,
  name,
  className = 'size-8 text-sm',
}: {
  src?: string | null;
  name: string;
  /** Size and text size of the circle (no defaults are merged in when given). */
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const url = src && src !== PLACEHOLDER_AVATAR && !failed ? src : null;
  if (url) {
    return (
      <img
        src={url}
        alt={name}
        onError={() => setFailed(true)}
        className={cn('shrink-0 rounded-full object-cover', className)}
      />
    );
  }
  // The letter is drawn by CSS, not written in the page: the label names the avatar, and a
  // button or tile labelled by the name keeps its visible text its own ('Rosa', not 'R Rosa').
  return (
    <span
      role="img"
      aria-label={name}
      data-initial={name.trim().charAt(0) || '?'}
      className={cn(
        "grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-fuchsia-600 to-indigo-600 leading-none font-semibold text-[#fff] uppercase before:content-[attr(data-initial)]",
        className,
      )}
    />
  );
}

import { countText } from '@/lib/count-text';
import { cn } from '@/lib/utils';

/**
 * A small round count on an icon or a row (unread notifications, unread messages): the number,
 * '99+' from 100; nothing for 0. `label` is read after it by screen readers ('3 unread'); leave
 * it out where the control's own name already says it (the badge is then hidden from them).
 */
export function CountBadge({ count, label, className }: { count: number; label?: string; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden={label ? undefined : true}
      className={cn(
        // fuchsia-600 under white text: 4.5:1 or more (the accent at its readable shade).
        'inline-grid min-w-5 place-items-center rounded-full bg-fuchsia-600 px-1.5 text-[11px] leading-5 font-bold text-[#fff] tabular-nums',
        className,
      )}
    >
      {countText(count)}
      {label && (
        <>
          {' '}
          <span className="sr-only">{label}</span>
        </>
      )}
    </span>
  );
}

import { countText } from '@/lib/count-text';
import { cn } from '@/lib/utils';

/** What a tab's label is followed by for screen readers when it carries a count ('Messages 2 unread'). */
function unreadText(count: number): string {
  return `${countText(count)} unread`;
}

/** A tab's label, followed for screen readers by its unread count (the badge beside it is hidden from them). */
export function NavLabel({ label, count, className }: { label: string; count: number; className?: string }) {
  return (
    <span className={cn('truncate', className)}>
      {label}
      {count > 0 && (
        <>
          {' '}
          <span className="sr-only">{unreadText(count)}</span>
        </>
      )}
    </span>
  );
}

import { Bell } from 'lucide-react';
import { Link } from 'wouter';
import { CountBadge } from '@/components/ui/count-badge';
import { cn } from '@/lib/utils';
import { useUnreadNotifications } from '../api/get-unread-count';
import { NOTIFICATIONS_TEXT as TEXT } from '../notifications-text';

/**
 * The home header's bell: a link to /notifications named 'Notifications' (with the unread count
 * when there is one: 'Notifications, 3 unread'), the count as a badge on the bell ('99+' from
 * 100). The count is GET /api/notifications/unread-count, kept live by the socket.
 */
export function NotificationBell({ className }: { className?: string }) {
  const count = useUnreadNotifications();
  return (
    <Link
      href="/notifications"
      aria-label={TEXT.bellLabel(count)}
      className={cn(
        'relative grid size-11 shrink-0 place-items-center rounded-full text-zinc-200 transition hover:bg-white/5 hover:text-white',
        className,
      )}
    >
      <Bell aria-hidden="true" className="size-6" />
      <CountBadge count={count} className="absolute -top-0.5 -right-0.5 ring-2 ring-zinc-950" />
    </Link>
  );
}

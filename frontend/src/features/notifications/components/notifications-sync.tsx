import { useSessionExpiry } from '@/hooks/use-session-expiry';
import { notificationKeys } from '../api/keys';
import { useNotificationsRealtime } from '../hooks/use-notifications-realtime';

/**
 * The notifications' background work while signed in, on every screen: socket events into the
 * caches (the bell stays live wherever the user is), and the session-expiry redirect on a 401
 * from any notifications call. Renders nothing.
 */
export function NotificationsSync() {
  useNotificationsRealtime();
  useSessionExpiry(notificationKeys.all);
  return null;
}

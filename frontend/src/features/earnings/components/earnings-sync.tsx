//! Keeps the earnings current while signed in (issue 23): a `tip` or `sale` notification over
//! the socket means a credit was just written, so the balance, the 30 days and the credits are
//! marked stale (the earnings page, when shown, reads them again at once). Renders nothing.
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/realtime-provider';
import { earningsKeys } from '../api/keys';

export function EarningsSync() {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (event.type !== 'notification') return;
    if (event.notification.kind === 'tip' || event.notification.kind === 'sale') {
      void queryClient.invalidateQueries({ queryKey: earningsKeys.all });
    }
  });
  return null;
}

import { CloudOff, WifiOff } from 'lucide-react';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { useServerUnreachable } from '@/lib/server-reachability';

/**
 * 'You're offline' while the browser has no network (issue 21), and 'Can't reach Atelier —
 * retrying' while it has one but Atelier does not answer (issue 43: requests fail without an
 * answer, or the socket stays down), at the top of the signed-in shell and of the signed-out
 * page. The status region (polite) is always there and only its content comes and goes, so
 * screen readers announce the change. It sits in the page's flow (2 rem high), pushing the page
 * down rather than covering a header; the reels' fixed pager moves down by the same height while
 * it shows (`data-offline-banner`).
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  const unreachable = useServerUnreachable();
  const Icon = online ? CloudOff : WifiOff;
  return (
    <div role="status" aria-live="polite">
      {(!online || unreachable) && (
        <p
          data-offline-banner=""
          className="flex h-8 items-center justify-center gap-2 border-b border-white/10 bg-zinc-800 px-4 text-sm font-medium text-zinc-100"
        >
          <Icon aria-hidden="true" className="size-4" />
          {online ? "Can't reach Atelier — retrying" : "You're offline"}
        </p>
      )}
    </div>
  );
}

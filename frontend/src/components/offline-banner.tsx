import { WifiOff } from 'lucide-react';
import { useOnlineStatus } from '@/hooks/use-online-status';

/**
 * 'You're offline' while the browser has no network (issue 21), at the top of the signed-in
 * shell and of the signed-out page. The status region is always there and only its content
 * comes and goes, so screen readers announce the change. It sits in the page's flow (2 rem
 * high), pushing the page down rather than covering a header; the reels' fixed pager moves
 * down by the same height while it shows (`data-offline-banner`).
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  return (
    <div role="status">
      {!online && (
        <p
          data-offline-banner=""
          className="flex h-8 items-center justify-center gap-2 border-b border-white/10 bg-zinc-800 px-4 text-sm font-medium text-zinc-100"
        >
          <WifiOff aria-hidden="true" className="size-4" />
          You&apos;re offline
        </p>
      )}
    </div>
  );
}

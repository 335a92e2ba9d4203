//! The home page's banner ad: the first ad of GET /api/ads/banner, its
//! impression recorded once on load, a click recorded and opened in a new tab, and a close
//! button that hides it for the rest of the visit.
import { X } from 'lucide-react';
import { useState } from 'react';
import { IconButton } from '@/components/ui/icon-button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAds } from '../api/get-ads';
import { useAdImpression } from '../hooks/use-ad-impression';
import type { Ad } from '../types';
import { AdLink, SponsoredLabel } from './ad-link';

/** Closed stays closed until the page is loaded again, even if home is left and reopened. */
let dismissedThisVisit = false;

/** For tests: a fresh page visit. */
export function resetBannerDismissal() {
  dismissedThisVisit = false;
}

function Banner({ ad, onDismiss }: { ad: Ad; onDismiss: () => void }) {
  const ref = useAdImpression<HTMLElement>(ad.id);
  return (
    <aside ref={ref} aria-label="Sponsored" className="relative overflow-hidden rounded-2xl border border-amber-300/20 bg-zinc-900/70">
      <AdLink ad={ad} className="flex min-h-24 items-stretch gap-3 pr-12 focus-visible:outline-2 focus-visible:outline-amber-300">
        <img src={ad.imageUrl} alt={ad.title} className="w-24 shrink-0 bg-zinc-800 object-cover" />
        <span className="flex min-w-0 flex-col justify-center gap-0.5 py-3">
          <SponsoredLabel />
          <span className="truncate text-sm font-semibold text-white">{ad.title}</span>
          {ad.description && <span className="line-clamp-2 text-xs text-zinc-300">{ad.description}</span>}
          <span className="truncate text-xs text-zinc-500">{ad.advertiserName}</span>
        </span>
      </AdLink>
      <IconButton
        label="Close ad"
        icon={X}
        iconClassName="size-4"
        onClick={onDismiss}
        className="absolute top-0 right-0 text-zinc-400 hover:bg-white/5 hover:text-white"
      />
    </aside>
  );
}

export function BannerAd() {
  const ads = useAds('banner');
  const [dismissed, setDismissed] = useState(dismissedThisVisit);
  const ad = ads.data?.[0];

  if (dismissed) return null;
  if (ads.isPending) return <Skeleton className="h-24 rounded-2xl" />;
  if (!ad) return null; // no banner running, or the ads could not be loaded: nothing to show
  return (
    <Banner
      ad={ad}
      onDismiss={() => {
        dismissedThisVisit = true;
        setDismissed(true);
      }}
    />
  );
}

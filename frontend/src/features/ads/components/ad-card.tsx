//! A sponsored card between posts (explore's trending grid): the ad's picture,
//! 'Sponsored', title, description and advertiser. One impression per card, counted when half
//! of it is on screen; a click is recorded and opens the target in a new tab.
import { ExternalLink } from 'lucide-react';
import { useAdImpression } from '../hooks/use-ad-impression';
import type { Ad } from '../types';
import { AdLink, SponsoredLabel } from './ad-link';

export function AdCard({ ad }: { ad: Ad }) {
  const ref = useAdImpression<HTMLElement>(ad.id, { whenVisible: true });
  return (
    <article
      ref={ref}
      aria-label={`Sponsored: ${ad.title}`}
      className="overflow-hidden rounded-2xl border border-amber-300/20 bg-zinc-900/70"
    >
      <AdLink ad={ad} className="block focus-visible:outline-2 focus-visible:outline-amber-300">
        <img src={ad.imageUrl} alt={ad.title} loading="lazy" className="aspect-[4/3] w-full bg-zinc-800 object-cover" />
        <span className="flex flex-col gap-0.5 p-3">
          <SponsoredLabel />
          <span className="text-sm font-semibold text-white">{ad.title}</span>
          {ad.description && <span className="line-clamp-3 text-xs text-zinc-300">{ad.description}</span>}
          <span className="mt-1 flex items-center gap-1 text-xs text-zinc-500">
            <span className="truncate">{ad.advertiserName}</span>
            <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
          </span>
        </span>
      </AdLink>
    </article>
  );
}

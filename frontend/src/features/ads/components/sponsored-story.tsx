//! A sponsored story: an ad of the story placement as the story viewer shows it between
//! creators' groups. The header names the advertiser under 'Sponsored'; the picture fills the
//! page with the title, description and a 'Learn more' link (new tab, no opener, no referrer,
//! recorded as a click) at the bottom; its impression is recorded once each time it is shown.
//! The viewer frames it (progress, close, previous and next); app/routes/home.tsx joins the two.
import { ExternalLink } from 'lucide-react';
import { useAdImpression } from '../hooks/use-ad-impression';
import type { Ad } from '../types';
import { AdLink, SponsoredLabel } from './ad-link';

function SponsoredStoryHeader({ ad }: { ad: Ad }) {
  return (
    <span className="flex min-w-0 flex-col">
      <SponsoredLabel />
      <span className="truncate text-sm font-semibold text-white">{ad.advertiserName}</span>
    </span>
  );
}

function SponsoredStoryBody({ ad }: { ad: Ad }) {
  const ref = useAdImpression<HTMLDivElement>(ad.id);
  return (
    <div ref={ref} className="relative flex min-h-0 flex-1 flex-col justify-end">
      <img src={ad.imageUrl} alt={ad.title} className="absolute inset-0 size-full object-contain" />
      {/* Above the tap zones, so the link takes the tap. */}
      <div className="relative z-20 space-y-1 bg-gradient-to-t from-black/90 via-black/60 to-transparent px-4 pt-12 pb-[max(1rem,env(safe-area-inset-bottom))]">
        <p className="text-base font-semibold text-white">{ad.title}</p>
        {ad.description && <p className="text-sm text-white/80">{ad.description}</p>}
        <AdLink
          ad={ad}
          className="mt-3 flex min-h-11 items-center justify-center gap-2 rounded-full bg-white text-sm font-semibold text-black hover:bg-white/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
        >
          Learn more
          <ExternalLink aria-hidden="true" className="size-4" />
        </AdLink>
      </div>
    </div>
  );
}

/** The story viewer's sponsored story for `ad`: its name, header and page. */
export function sponsoredStory(ad: Ad) {
  return {
    label: `Sponsored: ${ad.advertiserName}`,
    header: <SponsoredStoryHeader ad={ad} />,
    body: <SponsoredStoryBody ad={ad} />,
  };
}

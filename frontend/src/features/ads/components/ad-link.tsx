import type { ReactNode } from 'react';
import { recordAdInteraction } from '../api/record-interaction';
import type { Ad } from '../types';

/**
 * The clickable part of an ad: the target opens in a new tab with no opener and no referrer
 * (docs/decisions.md), and the click is recorded on the way out.
 */
export function AdLink({ ad, className, children }: { ad: Ad; className?: string; children: ReactNode }) {
  return (
    <a
      href={ad.targetUrl}
      target="_blank"
      rel="noopener noreferrer"
      onClick={() => void recordAdInteraction(ad.id, 'click')}
      className={className}
    >
      {children}
    </a>
  );
}

/** The 'Sponsored' label every ad carries. */
export function SponsoredLabel() {
  return <span className="text-[0.6875rem] font-semibold tracking-wide text-amber-300 uppercase">Sponsored</span>;
}

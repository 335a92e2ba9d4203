//! Wire types of the ads endpoints (DESIGN §3), written by hand until the server's OpenAPI
//! document (api.gen.ts) carries them; the shapes follow the agreed contract.

/** Where an ad is served: GET /api/ads/{placement}. */
export type AdPlacement = 'feed' | 'banner' | 'sidebar';

export interface Ad {
  id: number;
  title: string;
  description: string | null;
  imageUrl: string;
  /** Opened in a new tab, with no opener and no referrer (spec 000 §2). */
  targetUrl: string;
  advertiserName: string;
  category: string;
}

export type AdInteractionType = 'impression' | 'click';

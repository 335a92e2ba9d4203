import { apiRequest } from '@/lib/api-client';
import type { AdInteractionType } from '../types';

/**
 * POST /api/ads/{id}/interaction {type, userAgent} → 204. Counting is best effort: a failure
 * is never shown to the user and never stops the ad from opening.
 */
export async function recordAdInteraction(adId: number, type: AdInteractionType): Promise<void> {
  try {
    await apiRequest('POST', `/api/ads/${adId}/interaction`, {
      type,
      userAgent: typeof navigator === 'undefined' ? undefined : navigator.userAgent,
    });
  } catch {
    // The ad stays usable when the count fails (offline, ad just paused).
  }
}

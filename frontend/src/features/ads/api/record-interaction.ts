import { apiRequest } from '@/lib/api-client';
import type { AdInteractionType } from '../types';

/**
 * POST /api/ads/{id}/interaction {type} → 204. The server counts each viewer (the user, or the
 * client's address) once per ad in 10 minutes and refuses an address past 30 a minute (429).
 * Counting is best effort: a failure is never shown to the user and never stops the ad from
 * opening.
 */
export async function recordAdInteraction(adId: number, type: AdInteractionType): Promise<void> {
  try {
    await apiRequest('POST', `/api/ads/${adId}/interaction`, { type });
  } catch {
    // The ad stays usable when the count fails (offline, ad just paused, too many).
  }
}

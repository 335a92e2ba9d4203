import { useCallback } from 'react';
import { useAds } from '../api/get-ads';
import { sponsoredStory } from '../components/sponsored-story';

/**
 * The story placement's ads (GET /api/ads/story) as the story viewer's sponsored stories, in
 * rotation: the n-th of a viewing shows the (n mod count)-th ad, least shown first as the
 * server orders them. Null while none runs, while they load, or when they could not be loaded:
 * the viewer then shows none.
 */
export function useSponsoredStories() {
  const ads = useAds('story').data;
  return useCallback((slot: number) => (ads && ads.length > 0 ? sponsoredStory(ads[slot % ads.length]) : null), [ads]);
}

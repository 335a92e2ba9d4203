import { AdCard } from '@/features/ads/components/ad-card';
import { useAds } from '@/features/ads/api/get-ads';
import { TrendingGrid } from '@/features/posts/components/trending-grid';
import { UserSearch } from '@/features/users/components/user-search';
import { useCurrentUser } from '@/lib/auth';

/**
 * Explore (spec 000 §2): user search; without a query, the trending grid with a feed ad after
 * every 4th post, cycling through the ads (none when no feed ad is running).
 */
export default function ExplorePage() {
  const user = useCurrentUser();
  const ads = useAds('feed').data ?? [];
  return (
    <main className="px-4 pt-6 pb-6">
      <h1 className="mb-4 text-2xl font-semibold text-white">Explore</h1>
      <UserSearch
        currentUserId={user.id}
        idle={
          <TrendingGrid interstitial={(slot) => (ads.length > 0 ? <AdCard ad={ads[slot % ads.length]} /> : null)} />
        }
      />
    </main>
  );
}

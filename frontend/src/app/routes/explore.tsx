import { AdCard } from '@/features/ads/components/ad-card';
import { useAds } from '@/features/ads/api/get-ads';
import { TrendingGrid } from '@/features/posts/components/trending-grid';
import { ExploreSearch } from '@/features/search/components/explore-search';
import { FollowButton } from '@/features/users/components/follow-button';
import { RemoteAccountFinder } from '@/features/users/components/remote-account-finder';
import { useCurrentUser } from '@/lib/auth';

/**
 * Explore (issue 19): the search over accounts, tags and posts; without a query,
 * the trending grid with a feed ad after every 4th post, cycling through the ads (none when no
 * feed ad is running). Account rows carry the users feature's follow button (not on your own);
 * a handle of another server (issue 46) gets the users feature's 'Find … on another server'.
 */
export default function ExplorePage() {
  const user = useCurrentUser();
  const ads = useAds('feed').data ?? [];
  return (
    <main className="px-4 pt-6 pb-6">
      <h1 className="mb-4 text-2xl font-semibold text-white">Explore</h1>
      <ExploreSearch
        renderAccountAction={(account) =>
          account.id === user.id ? null : (
            <FollowButton userId={account.id} isFollowing={account.isFollowing} isRequested={account.isRequested} className="min-w-24 px-3" />
          )
        }
        renderHandle={(handle) => <RemoteAccountFinder key={handle} handle={handle} />}
        idle={
          <TrendingGrid interstitial={(slot) => (ads.length > 0 ? <AdCard ad={ads[slot % ads.length]} /> : null)} />
        }
      />
    </main>
  );
}

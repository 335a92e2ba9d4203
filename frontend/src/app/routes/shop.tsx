//! /shop (docs/decisions.md): the shop with a sponsored card after every 6th product, in rotation:
//! the sidebar ads (GET /api/ads/sidebar), or the feed ads when no sidebar ad runs
//! (none when neither runs); an order refreshes the earnings screen's Recent Orders.
import { useQueryClient } from '@tanstack/react-query';
import { useAds } from '@/features/ads/api/get-ads';
import { AdCard } from '@/features/ads/components/ad-card';
import { earningsKeys } from '@/features/earnings/api/keys';
import { ShopScreen } from '@/features/shop/components/shop-screen';

export default function ShopPage() {
  const queryClient = useQueryClient();
  const sidebar = useAds('sidebar');
  const noSidebarAd = sidebar.isError || (sidebar.isSuccess && sidebar.data.length === 0);
  const feed = useAds('feed', { enabled: noSidebarAd });
  const ads = (noSidebarAd ? feed.data : sidebar.data) ?? [];
  return (
    <ShopScreen
      interstitial={(slot) => (ads.length > 0 ? <AdCard ad={ads[slot % ads.length]} /> : null)}
      onOrdered={() => void queryClient.invalidateQueries({ queryKey: earningsKeys.orders() })}
    />
  );
}

//! The platform's own revenue from the creator economy (issue 23), over every tab of the
//! dashboard: the fees kept of sales and tips, and what buyers and tippers paid (fees included),
//! from GET /api/admin/revenue beside the ads' figures.
import { HandCoins, Landmark, ShoppingBag } from 'lucide-react';
import { StatTile } from '@/components/ui/stat-tile';
import { formatCents } from '@/lib/money';
import { useRevenue } from '../api/get-revenue';
import { Tiles } from './parts';

export function PlatformRevenue() {
  const revenue = useRevenue();
  const r = revenue.data;
  const failed = revenue.isError && !r;
  return (
    <Tiles label="Platform revenue" failed={failed}>
      <StatTile label="Platform fees" value={r && formatCents(r.platformFees)} failed={failed} icon={Landmark} accent="text-emerald-400" />
      <StatTile label="Sales volume" value={r && formatCents(r.salesVolume)} failed={failed} icon={ShoppingBag} accent="text-sky-400" />
      <StatTile label="Tips volume" value={r && formatCents(r.tipsVolume)} failed={failed} icon={HandCoins} accent="text-fuchsia-400" />
    </Tiles>
  );
}

//! A figure with its label and icon, as the admin totals and the earnings balances show them.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** One figure of a row of tiles (admin totals, earnings balances): a skeleton while it loads, '—' when its call failed. */
export function StatTile({
  label,
  value,
  failed = false,
  icon: Icon,
  accent,
  className,
}: {
  label: string;
  value: ReactNode | undefined;
  /** The call behind it failed (and nothing was loaded before). */
  failed?: boolean;
  icon: LucideIcon;
  accent: string;
  className?: string;
}) {
  return (
    <li aria-label={label} className={cn('min-w-0 rounded-2xl border border-white/10 bg-zinc-900/70 p-3', className)}>
      <p className="flex items-center gap-1.5 text-xs font-medium text-zinc-400">
        <Icon aria-hidden="true" className={cn('size-4 shrink-0', accent)} />
        <span className="truncate">{label}</span>
      </p>
      {value !== undefined ? (
        <p className="mt-1 truncate text-xl font-bold text-white tabular-nums">{value}</p>
      ) : failed ? (
        <p className="mt-1 text-xl font-bold text-zinc-500">
          <span aria-hidden="true">—</span>
          <span className="sr-only">Not available</span>
        </p>
      ) : (
        <Skeleton className="mt-2 h-6 w-16" />
      )}
    </li>
  );
}

//! 'Recent sales and tips' (issue 23): every credit to the user's earnings, newest first, a page
//! at a time: who it came from, what for (the tip's message, the sold work's name, an admin's
//! note; the post or reel a tip was for), the net amount and the fee kept, and when. The next
//! page loads on 'Load more' only: the list sits above the balance, and loading as it scrolls
//! by would push the balance away.
import { HandCoins } from 'lucide-react';
import { Link } from 'wouter';
import { PagedList } from '@/components/paged-list';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { formatCents } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useEarningCredits } from '../api/get-earning-credits';
import { formatDate } from '../dates';
import type { CreditSource, EarningCredit } from '../types';

const SOURCE_NAME: Record<CreditSource, string> = { sale: 'Sale', tip: 'Tip', other: 'Credit' };
const SOURCE_CLASS: Record<CreditSource, string> = {
  sale: 'bg-emerald-500/15 text-emerald-300',
  tip: 'bg-fuchsia-500/15 text-fuchsia-300',
  other: 'bg-sky-500/15 text-sky-300',
};

/** Who a credit came from: the buyer or tipper, or Atelier for an admin's credit. */
export function creditFrom(credit: EarningCredit): string {
  return credit.fromUser?.displayName ?? 'Atelier';
}

/** What a credit was for: the tip's message (quoted), the work's name, the note; else its kind. */
export function creditWhat(credit: EarningCredit): string {
  const note = credit.note?.trim();
  if (credit.source === 'tip') return note ? `“${note}”` : 'A tip';
  return note || (credit.source === 'sale' ? 'A sale' : 'A credit');
}

/** The post or reel a credit was for, as a link. */
function WorkLink({ credit }: { credit: EarningCredit }) {
  const className = 'font-medium text-fuchsia-300 hover:underline';
  if (credit.postId !== null)
    return (
      <Link href={`/p/${credit.postId}`} className={className}>
        on your post
      </Link>
    );
  if (credit.reelId !== null)
    return (
      <Link href={`/reels?reel=${credit.reelId}`} className={className}>
        on your reel
      </Link>
    );
  return null;
}

function CreditRow({ credit }: { credit: EarningCredit }) {
  const from = creditFrom(credit);
  return (
    <li aria-label={`${SOURCE_NAME[credit.source]} from ${from}: ${formatCents(credit.amount)}`} className="flex items-start gap-3 px-3 py-3">
      <Avatar src={credit.fromUser?.profileImage} name={from} className="size-9 shrink-0 text-sm" />
      <div className="min-w-0 flex-1">
        <p className="flex min-w-0 items-center gap-2">
          <span className="truncate text-sm font-semibold text-white">{from}</span>
          <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold', SOURCE_CLASS[credit.source])}>
            {SOURCE_NAME[credit.source]}
          </span>
        </p>
        <p className="text-sm break-words text-zinc-200">{creditWhat(credit)}</p>
        <p className="text-xs text-zinc-400">
          <time dateTime={credit.createdAt}>{formatDate(credit.createdAt)}</time>
          {(credit.postId !== null || credit.reelId !== null) && ' · '}
          <WorkLink credit={credit} />
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end">
        <span className="text-sm font-semibold text-emerald-300 tabular-nums">+{formatCents(credit.amount)}</span>
        <span className="text-xs text-zinc-400 tabular-nums">fee {formatCents(credit.fee)}</span>
      </div>
    </li>
  );
}

export function RecentCredits() {
  const list = useEarningCredits();
  const credits = list.data?.pages.flatMap((page) => page.items) ?? [];
  const empty = (
    <EmptyState
      icon={<HandCoins aria-hidden="true" className="size-6" />}
      title="No sales or tips yet"
      description="When someone buys your work or supports you, it shows here."
      className="py-6"
    />
  );
  const body = (
    <PagedList
      query={list}
      items={credits}
      label="Recent sales and tips"
      failedTitle="Failed to load your sales and tips"
      empty={empty}
      skeletonClassName="h-24"
      auto={false}
    >
      {(credit) => <CreditRow key={credit.id} credit={credit} />}
    </PagedList>
  );
  return (
    <section aria-labelledby="recent-credits-heading" className="space-y-2">
      <h2 id="recent-credits-heading" className="text-lg font-semibold text-white">
        Recent sales and tips
      </h2>
      {body}
    </section>
  );
}

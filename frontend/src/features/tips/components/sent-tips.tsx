//! 'Tips you sent' (issue 42): the sender's own record of every tip, newest first, a page at a
//! time: to whom, the message, when, and the amount. The creators' side is their earnings.
import { Send } from 'lucide-react';
import { Link } from 'wouter';
import { PagedList } from '@/components/paged-list';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { formatCents } from '@/lib/money';
import { useSentTips } from '../api/get-sent-tips';
import type { Tip } from '../types';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function SentTipRow({ tip }: { tip: Tip }) {
  const to = tip.toUser.displayName;
  const message = tip.message?.trim();
  return (
    <li aria-label={`Tip to ${to}: ${formatCents(tip.amount)}`} className="flex items-start gap-3 px-3 py-3">
      <Avatar src={tip.toUser.profileImage} name={to} className="size-9 shrink-0 text-sm" />
      <div className="min-w-0 flex-1">
        <Link href={`/profile/${encodeURIComponent(tip.toUser.username)}`} className="block truncate text-sm font-semibold text-white hover:underline">
          {to}
        </Link>
        <p className="text-sm break-words text-zinc-200">{message ? `“${message}”` : 'A tip'}</p>
        <p className="text-xs text-zinc-400">
          <time dateTime={tip.createdAt}>{dateFormat.format(new Date(tip.createdAt))}</time>
        </p>
      </div>
      <span className="shrink-0 text-sm font-semibold text-white tabular-nums">{formatCents(tip.amount)}</span>
    </li>
  );
}

export function SentTips() {
  const list = useSentTips();
  const tips = list.data?.pages.flatMap((page) => page.items) ?? [];
  const empty = (
    <EmptyState
      icon={<Send aria-hidden="true" className="size-6" />}
      title="No tips sent yet"
      description="Tips you send to creators show here."
      className="py-6"
    />
  );
  return (
    <section aria-labelledby="sent-tips-heading" className="space-y-2">
      <h2 id="sent-tips-heading" className="text-lg font-semibold text-white">
        Tips you sent
      </h2>
      <PagedList
        query={list}
        items={tips}
        label="Tips you sent"
        failedTitle="Failed to load the tips you sent"
        empty={empty}
        skeletonClassName="h-20"
        auto={false}
      >
        {(tip) => <SentTipRow key={tip.id} tip={tip} />}
      </PagedList>
    </section>
  );
}

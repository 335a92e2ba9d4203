//! The audit log (GET /api/admin/audit): every admin decision, newest first, with who and when.
import { History } from 'lucide-react';
import { LoadMore } from '@/components/load-more';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useAudit } from '../api/get-audit';
import type { AuditEntry } from '../types';
import { dateTime, SectionHeading } from './parts';

const actionText: Record<string, string> = {
  'withdrawal.completed': 'approved withdrawal',
  'withdrawal.failed': 'rejected withdrawal',
  'ad.created': 'created ad',
  'ad.paused': 'paused ad',
  'ad.resumed': 'resumed ad',
  'report.dismiss': 'dismissed report',
  'report.remove': 'removed the content of report',
  'report.suspend': 'suspended the author of report',
  'report.view': 'opened the content of report',
};

/** 'Admin approved withdrawal #12'. */
export function describeAudit(entry: AuditEntry): string {
  return `${entry.admin.displayName} ${actionText[entry.action] ?? entry.action} #${entry.targetId}`;
}

export function AuditLog() {
  const audit = useAudit();
  const list = audit.data?.pages.flatMap((page) => page.items) ?? [];
  let body;
  if (audit.isPending) body = <Skeleton className="h-24 rounded-2xl" />;
  else if (audit.isError) body = <EmptyState title="Failed to load the audit log" description="Please try again later." className="py-6" />;
  else if (list.length === 0)
    body = <EmptyState icon={<History aria-hidden="true" className="size-6" />} title="No decisions recorded yet" className="py-6" />;
  else
    body = (
      <>
        <ul aria-label="Audit log" className="divide-y divide-white/10 rounded-2xl border border-white/10 bg-zinc-900/70">
          {list.map((entry) => (
            <li key={entry.id} className="px-3 py-2.5">
              <p className="text-sm text-zinc-100">{describeAudit(entry)}</p>
              <p className="text-xs text-zinc-500">
                @{entry.admin.username} · <time dateTime={entry.createdAt}>{dateTime(entry.createdAt)}</time>
              </p>
              {entry.notes && <p className="truncate text-xs text-zinc-400">{entry.notes}</p>}
            </li>
          ))}
        </ul>
        <LoadMore hasNextPage={audit.hasNextPage} isFetchingNextPage={audit.isFetchingNextPage} fetchNextPage={audit.fetchNextPage} />
      </>
    );
  return (
    <section aria-labelledby="admin-audit-heading" className="space-y-2 pt-4">
      <SectionHeading id="admin-audit-heading">Audit log</SectionHeading>
      {body}
    </section>
  );
}

//! Reports (issue 20): the moderation queue. Open cases by default (most reports first), or the
//! resolved ones; each with its preview, author, target type, reasons, count and first report
//! time, and on an open case Dismiss (at once), Remove and Suspend (each asks first, with
//! optional notes); Open content shows the reported content itself, read-only (audited on the
//! server). A decided case leaves the open list at once and comes back if the server
//! refuses (decide-report.ts). Cards on a phone, a table on a desktop; the audit log follows.
import { Ban, CheckCircle2, ExternalLink, Eye, Flag, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { LoadMore } from '@/components/load-more';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useIsDesktop } from '@/hooks/use-media-query';
import { useDecideReport } from '../api/decide-report';
import { useAdminReports } from '../api/get-admin-reports';
import { useReportTarget } from '../api/get-report-target';
import { REASON_LABEL, REPORTS_TEXT, TARGET_LABEL } from '../reports-text';
import type { ReportAction, ReportCase, ReportStatus } from '../types';
import { Badge, dateTime, numericCell, SectionHeading, selectClass, Table } from './parts';
import { ConfirmDecisionDialog, type PendingDecision } from './confirm-decision-dialog';

/** Where an admin can look at the target (admins still see removed posts and reels). */
function targetHref(r: ReportCase): string | null {
  if (r.targetType === 'post') return `/p/${r.targetId}`;
  if (r.targetType === 'reel') return `/reels?reel=${r.targetId}`;
  if (r.targetType === 'user') return `/profile/${encodeURIComponent(r.author.username)}`;
  return null;
}

function Reasons({ report: r }: { report: ReportCase }) {
  return (
    <ul aria-label={REPORTS_TEXT.columns.reasons} className="flex flex-wrap gap-1">
      {r.reasons.map((reason) => (
        <li key={reason}>
          <Badge tone={reason === 'other' || reason === 'spam' ? 'zinc' : 'red'}>{REASON_LABEL[reason]}</Badge>
        </li>
      ))}
    </ul>
  );
}

function Author({ report: r }: { report: ReportCase }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Avatar src={r.author.profileImageUrl} name={r.author.displayName} className="size-8 shrink-0 text-sm" />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-white">{r.author.displayName}</p>
        <p className="truncate text-xs text-zinc-400">@{r.author.username}</p>
      </div>
    </div>
  );
}

/** The reported content itself, as the server answers it to an admin (read-only, audited). */
function TargetContent({ caseId }: { caseId: number }) {
  const target = useReportTarget(caseId, true);
  if (target.isPending) return <p className="text-xs text-zinc-400">{REPORTS_TEXT.contentLoading}</p>;
  if (target.isError) return <p role="alert" className="text-xs text-red-300">{REPORTS_TEXT.contentFailed}</p>;
  const t = target.data;
  return (
    <div className="space-y-2 rounded-xl border border-white/10 bg-zinc-950/60 p-2">
      {t.removed && <Badge tone="red">{REPORTS_TEXT.contentRemoved}</Badge>}
      {t.text && <p className="text-sm break-words whitespace-pre-line text-zinc-100">{t.text}</p>}
      {t.imageUrl && !t.videoUrl && <img src={t.imageUrl} alt="" className="max-h-64 rounded-lg object-contain" />}
      {t.videoUrl && (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- no caption track exists for an uploaded reel
        <video src={t.videoUrl} poster={t.imageUrl ?? undefined} controls className="max-h-64 rounded-lg" />
      )}
      {t.audioUrl && (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- a voice message has no caption track (its text shows above)
        <audio src={t.audioUrl} controls className="w-full" />
      )}
      <p className="text-xs text-zinc-500">{REPORTS_TEXT.contentAudited}</p>
    </div>
  );
}

function Preview({ report: r }: { report: ReportCase }) {
  const href = targetHref(r);
  const [open, setOpen] = useState(false);
  return (
    <div className="min-w-0 space-y-1">
      <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-zinc-100">{r.preview}</p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex min-h-8 items-center gap-1 text-xs font-semibold text-fuchsia-300 underline-offset-4 hover:underline"
        >
          <Eye aria-hidden="true" className="size-3" /> {open ? REPORTS_TEXT.hideContent : REPORTS_TEXT.openContent}
        </button>
        {href && (
          <Link href={href} className="inline-flex min-h-8 items-center gap-1 text-xs font-semibold text-fuchsia-300 underline-offset-4 hover:underline">
            {REPORTS_TEXT.view} <span className="sr-only">{TARGET_LABEL[r.targetType].toLowerCase()}</span>
            <ExternalLink aria-hidden="true" className="size-3" />
          </Link>
        )}
      </div>
      {open && <TargetContent caseId={r.id} />}
    </div>
  );
}

type Decide = (report: ReportCase, action: ReportAction) => void;

/** Dismiss, Remove (not for an account: it is suspended) and Suspend; the outcome once decided. */
function Actions({ report: r, onDecide, className }: { report: ReportCase; onDecide: Decide; className: string }) {
  if (r.status !== 'open') {
    return <Badge tone={r.action === 'dismiss' ? 'zinc' : 'red'}>{REPORTS_TEXT.outcome(r.action)}</Badge>;
  }
  return (
    <div className={className}>
      <Button variant="secondary" className="min-h-10 px-3" onClick={() => onDecide(r, 'dismiss')}>
        <CheckCircle2 aria-hidden="true" className="size-4" /> {REPORTS_TEXT.dismiss}
      </Button>
      {r.targetType !== 'user' && (
        <Button variant="secondary" className="min-h-10 px-3 text-red-300" onClick={() => onDecide(r, 'remove')}>
          <Trash2 aria-hidden="true" className="size-4" /> {REPORTS_TEXT.remove}
        </Button>
      )}
      <Button variant="secondary" className="min-h-10 px-3 text-red-300" onClick={() => onDecide(r, 'suspend')}>
        <Ban aria-hidden="true" className="size-4" /> {REPORTS_TEXT.suspend}
      </Button>
    </div>
  );
}

function ReportRow({ report: r, onDecide }: { report: ReportCase; onDecide: Decide }) {
  return (
    <li aria-label={REPORTS_TEXT.rowLabel(r)} className="space-y-2.5 px-3 py-3">
      <div className="flex items-start justify-between gap-2">
        <Author report={r} />
        <Badge tone="blue">{TARGET_LABEL[r.targetType]}</Badge>
      </div>
      <Preview report={r} />
      <Reasons report={r} />
      <p className="text-xs text-zinc-400">
        <span className="font-semibold text-zinc-200 tabular-nums">{REPORTS_TEXT.count(r.reportsCount)}</span> ·{' '}
        {REPORTS_TEXT.firstReported} <time dateTime={r.firstReportedAt}>{dateTime(r.firstReportedAt)}</time>
      </p>
      <Actions report={r} onDecide={onDecide} className="flex flex-wrap gap-2 [&>button]:flex-1" />
    </li>
  );
}

function ReportsTable({ reports, onDecide }: { reports: ReportCase[]; onDecide: Decide }) {
  const c = REPORTS_TEXT.columns;
  return (
    <Table
      label={REPORTS_TEXT.list}
      columns={[
        { label: c.content },
        { label: c.author },
        { label: c.type },
        { label: c.reasons },
        { label: c.count, numeric: true },
        { label: c.first },
        { label: c.decision },
      ]}
    >
      {reports.map((r) => (
        <tr key={r.id} aria-label={REPORTS_TEXT.rowLabel(r)}>
          <td className="max-w-64 min-w-40">
            <Preview report={r} />
          </td>
          <td className="max-w-48">
            <Author report={r} />
          </td>
          <td>
            <Badge tone="blue">{TARGET_LABEL[r.targetType]}</Badge>
          </td>
          <td className="max-w-48">
            <Reasons report={r} />
          </td>
          <td className={numericCell}>{r.reportsCount}</td>
          <td className="min-w-28">
            <time dateTime={r.firstReportedAt}>{dateTime(r.firstReportedAt)}</time>
          </td>
          <td>
            {/* Wraps rather than pushing the table past a laptop's width. */}
            <Actions report={r} onDecide={onDecide} className="flex flex-wrap gap-2" />
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function ReportsPanel() {
  const id = useId();
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useAdminReports(status);
  const decide = useDecideReport();
  const desktop = useIsDesktop();
  const heading = useRef<HTMLHeadingElement>(null);
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const list = reports.data?.pages.flatMap((page) => page.items) ?? [];

  // The decided row leaves the list: focus goes to the heading rather than to the page's body.
  const onDecide: Decide = (report, action) => {
    if (action === 'dismiss') {
      decide.mutate({ report, action });
      heading.current?.focus();
      return;
    }
    setPending({ report, action, returnFocusTo: document.activeElement instanceof HTMLElement ? document.activeElement : null });
    setConfirmOpen(true);
  };

  let body;
  if (reports.isPending) body = <Skeleton className="h-40 rounded-2xl" />;
  else if (reports.isError)
    body = <EmptyState title={REPORTS_TEXT.loadFailed} description={REPORTS_TEXT.loadFailedHint} className="py-6" />;
  else if (list.length === 0)
    body = (
      <EmptyState
        icon={<Flag aria-hidden="true" className="size-6" />}
        title={REPORTS_TEXT.empty[status]}
        description={REPORTS_TEXT.emptyHint[status]}
        className="py-8"
      />
    );
  else
    body = (
      <>
        {desktop ? (
          <ReportsTable reports={list} onDecide={onDecide} />
        ) : (
          <ul aria-label={REPORTS_TEXT.list} className="divide-y divide-white/10 rounded-2xl border border-white/10 bg-zinc-900/70">
            {list.map((r) => (
              <ReportRow key={r.id} report={r} onDecide={onDecide} />
            ))}
          </ul>
        )}
        <LoadMore hasNextPage={reports.hasNextPage} isFetchingNextPage={reports.isFetchingNextPage} fetchNextPage={reports.fetchNextPage} />
      </>
    );

  return (
    <div className="space-y-4 pt-4">
      <section aria-labelledby={`${id}-heading`} className="space-y-2">
        <SectionHeading id={`${id}-heading`}>
          <span ref={heading} tabIndex={-1} className="inline-flex items-center gap-2 focus:outline-none">
            <Flag aria-hidden="true" className="size-5 text-zinc-400" /> {REPORTS_TEXT.heading}
          </span>
        </SectionHeading>
        <div>
          <Label htmlFor={`${id}-status`} className="sr-only">
            {REPORTS_TEXT.filter}
          </Label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(e) => setStatus(e.target.value as ReportStatus)}
            className={selectClass}
          >
            <option value="open">{REPORTS_TEXT.open}</option>
            <option value="resolved">{REPORTS_TEXT.resolved}</option>
          </select>
        </div>
        {body}
      </section>
      <ConfirmDecisionDialog
        pending={pending}
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        onConfirm={(notes) => {
          if (!pending) return;
          decide.mutate({ ...pending, notes });
          setConfirmOpen(false);
        }}
        focusAfter={heading}
      />
    </div>
  );
}

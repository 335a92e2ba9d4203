//! Small pieces the admin panels share: the tiles' row, badges and the error line of a list.
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export const TILES_FAILED = 'Failed to load the totals. Please try again later.';

/** A panel's tiles; `failed` adds the error line under them. */
export function Tiles({ label, failed = false, children }: { label: string; failed?: boolean; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <ul aria-label={label} className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        {children}
      </ul>
      {failed && <p className="text-sm text-red-300">{TILES_FAILED}</p>}
    </div>
  );
}

const tones = {
  green: 'bg-emerald-500/15 text-emerald-300',
  amber: 'bg-amber-500/15 text-amber-300',
  red: 'bg-red-500/15 text-red-300',
  blue: 'bg-sky-500/15 text-sky-300',
  zinc: 'bg-white/10 text-zinc-300',
  purple: 'bg-fuchsia-500/15 text-fuchsia-300',
};

export function Badge({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', tones[tone])}>{children}</span>;
}

/** A withdrawal's status in its colour: other statuses than the three named are blue. */
export function WithdrawalStatusBadge({ status }: { status: string }) {
  const tone = status === 'completed' ? 'green' : status === 'pending' ? 'amber' : status === 'failed' ? 'red' : 'blue';
  return (
    <span className="capitalize">
      <Badge tone={tone}>{status}</Badge>
    </span>
  );
}

export function SectionHeading({ id, children, action }: { id: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <h2 id={id} className="text-lg font-semibold text-white">
        {children}
      </h2>
      {action}
    </div>
  );
}

/** 'Mar 4, 2026'; '' for nothing readable. */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** 'Mar 4, 2026, 10:05 AM' for the audit log. */
export function dateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** A figure's cell in a Table: right-aligned, tabular digits (its column says `numeric`). */
export const numericCell = 'text-right tabular-nums whitespace-nowrap';

/**
 * A desktop table (the phone shows cards instead), named by `label`, with one header cell per
 * column; a `numeric` column's header is right-aligned over its figures.
 */
export function Table({
  label,
  columns,
  children,
}: {
  label: string;
  columns: Array<{ label: string; numeric?: boolean }>;
  children: ReactNode;
}) {
  return (
    // A table wider than the screen scrolls sideways; keyboard users reach the scroll by focus.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (WCAG 2.1.1)
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-2xl border border-white/10 bg-zinc-900/70 focus-visible:outline-2 focus-visible:outline-fuchsia-400">
      <table
        aria-label={label}
        className="w-full border-collapse text-left text-sm text-zinc-200 [&_tbody_tr]:border-t [&_tbody_tr]:border-white/10 [&_td]:px-3 [&_td]:py-2.5 [&_td]:align-middle"
      >
        <thead className="bg-white/5 text-xs font-semibold tracking-wide text-zinc-400 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cn('px-3 py-2.5 whitespace-nowrap', column.numeric && 'text-right')}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export const selectClass =
  'block min-h-11 w-full rounded-xl border border-white/10 bg-zinc-900/80 px-3 text-base text-zinc-50 focus:border-fuchsia-400/70 focus:outline-none';

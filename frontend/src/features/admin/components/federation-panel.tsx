//! Federation (issue 46, docs/federation.md): whether this server federates, the delivery
//! queue's waiting and failing deliveries, a form to block a server by its host, and every
//! server known here by host (50 a page) with its accounts, waiting deliveries, failures in a row,
//! state (blocked, paused by the circuit breaker until a time, or OK), last error and last
//! delivery; a blocked one has Unblock. Cards on a phone, a table on a desktop.
import { AlertTriangle, Ban, Globe, Network, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FormProblem, Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { StatTile } from '@/components/ui/stat-tile';
import { toast } from '@/components/ui/use-toast';
import { useIsDesktop } from '@/hooks/use-media-query';
import { errorMessage } from '@/lib/api-client';
import { useSetServerBlocked } from '../api/block-server';
import { useFederation } from '../api/get-federation';
import type { KnownServer } from '../types';
import { Badge, dateTime, numericCell, SectionHeading, Table, Tiles } from './parts';

const count = new Intl.NumberFormat('en-US');

export const FEDERATION_TEXT = {
  off: 'Federation is off: no other server can follow or reach accounts here. Start the server with --federation to turn it on.',
  blockFailed: 'Failed to block the server. Please try again.',
  unblockFailed: 'Failed to unblock the server. Please try again.',
  blocked: (host: string) => `${host} is blocked`,
  unblocked: (host: string) => `${host} is no longer blocked`,
};

/** Blocked, paused by the circuit breaker until a time still ahead at `now` (when the list was read), or OK. */
function StateBadge({ server: s, now }: { server: KnownServer; now: number }) {
  if (s.blocked) return <Badge tone="red">Blocked</Badge>;
  if (s.pausedUntil && new Date(s.pausedUntil).getTime() > now) return <Badge tone="amber">Paused until {dateTime(s.pausedUntil)}</Badge>;
  return <Badge tone="green">OK</Badge>;
}

function UnblockButton({ host }: { host: string }) {
  const unblock = useSetServerBlocked();
  return (
    <Button
      variant="secondary"
      className="min-h-9 px-3 text-xs"
      aria-label={`Unblock ${host}`}
      disabled={unblock.isPending}
      onClick={() =>
        unblock.mutate(
          { host, blocked: false },
          {
            onSuccess: () => toast({ title: FEDERATION_TEXT.unblocked(host) }),
            onError: (error) =>
              toast({ variant: 'destructive', title: FEDERATION_TEXT.unblockFailed, description: errorMessage(error) ?? undefined }),
          },
        )
      }
    >
      Unblock
    </Button>
  );
}

function ServerCard({ server: s, now }: { server: KnownServer; now: number }) {
  return (
    <li aria-label={s.host} className="space-y-2 px-3 py-3">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 text-sm font-semibold break-all text-white">{s.host}</p>
        <StateBadge server={s} now={now} />
      </div>
      <p className="text-xs text-zinc-400 tabular-nums">
        {count.format(s.accounts)} accounts · {count.format(s.pendingDeliveries)} pending · {count.format(s.failures)} failures
      </p>
      {s.lastError && <p className="text-xs break-words text-red-300">Last error: {s.lastError}</p>}
      {s.lastSuccessAt && <p className="text-xs text-zinc-500">Last delivered {dateTime(s.lastSuccessAt)}</p>}
      {s.blocked && <UnblockButton host={s.host} />}
    </li>
  );
}

/** The desktop's table: one row per server. */
function ServersTable({ servers, now }: { servers: KnownServer[]; now: number }) {
  return (
    <Table
      label="Servers"
      columns={[
        { label: 'Server' },
        { label: 'Accounts', numeric: true },
        { label: 'Pending', numeric: true },
        { label: 'Failures', numeric: true },
        { label: 'State' },
        { label: 'Last error' },
        { label: 'Last delivered' },
        { label: 'Action' },
      ]}
    >
      {servers.map((s) => (
        <tr key={s.host} aria-label={s.host}>
          <td className="font-semibold break-all text-white">{s.host}</td>
          <td className={numericCell}>{count.format(s.accounts)}</td>
          <td className={numericCell}>{count.format(s.pendingDeliveries)}</td>
          <td className={numericCell}>{count.format(s.failures)}</td>
          <td>
            <StateBadge server={s} now={now} />
          </td>
          <td className="max-w-64 text-xs break-words text-red-300">{s.lastError}</td>
          <td className="text-xs whitespace-nowrap">{s.lastSuccessAt ? dateTime(s.lastSuccessAt) : ''}</td>
          <td>{s.blocked && <UnblockButton host={s.host} />}</td>
        </tr>
      ))}
    </Table>
  );
}

/** 'Block a server': its host (and port), lower-cased; the server's refusal shows under it. */
function BlockServerForm() {
  const id = useId();
  const [host, setHost] = useState('');
  const block = useSetServerBlocked();
  const problem = block.isError ? (errorMessage(block.error) ?? FEDERATION_TEXT.blockFailed) : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = host.trim().toLowerCase();
    if (!wanted) return;
    block.mutate(
      { host: wanted, blocked: true },
      {
        onSuccess: () => {
          setHost('');
          toast({ title: FEDERATION_TEXT.blocked(wanted) });
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="space-y-2 lg:max-w-xl">
      <Label htmlFor={`${id}-host`}>
        Block a server
      </Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-host`}
          placeholder="social.example"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={253}
          value={host}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => {
            setHost(e.target.value);
            if (block.isError) block.reset();
          }}
        />
        <Button type="submit" variant="danger" className="shrink-0" disabled={block.isPending || !host.trim()}>
          <Ban aria-hidden="true" className="size-4" /> Block
        </Button>
      </div>
      <FormProblem id={`${id}-problem`}>{problem}</FormProblem>
    </form>
  );
}

export function FederationPanel() {
  const federation = useFederation();
  const desktop = useIsDesktop();
  const pages = federation.data?.pages ?? [];
  const overview = pages[0];
  const servers = pages.flatMap((page) => page.servers);
  const failed = federation.isError && !overview;

  let body;
  if (federation.isPending) body = <Skeleton className="h-40 rounded-2xl" />;
  else if (failed) body = <EmptyState title="Failed to load servers" description="Please try again later." className="py-6" />;
  else if (servers.length === 0)
    body = <EmptyState icon={<Globe aria-hidden="true" className="size-6" />} title="No other servers known yet" className="py-8" />;
  else
    body = (
      <>
        {desktop ? (
          <ServersTable servers={servers} now={federation.dataUpdatedAt} />
        ) : (
          <ul aria-label="Servers" className="divide-y divide-white/10 rounded-2xl border border-white/10 bg-zinc-900/70">
            {servers.map((s) => (
              <ServerCard key={s.host} server={s} now={federation.dataUpdatedAt} />
            ))}
          </ul>
        )}
        <LoadMore
          auto={false}
          hasNextPage={federation.hasNextPage}
          isFetchingNextPage={federation.isFetchingNextPage}
          fetchNextPage={federation.fetchNextPage}
        />
      </>
    );

  return (
    <div className="space-y-4 pt-4">
      <Tiles label="Federation totals" failed={failed}>
        <StatTile label="Federation" value={overview && (overview.enabled ? 'On' : 'Off')} failed={failed} icon={Network} accent="text-sky-400" />
        <StatTile label="Pending deliveries" value={overview && count.format(overview.pendingDeliveries)} failed={failed} icon={Send} accent="text-amber-400" />
        <StatTile label="Failing deliveries" value={overview && count.format(overview.failingDeliveries)} failed={failed} icon={AlertTriangle} accent="text-red-400" />
      </Tiles>
      {overview && !overview.enabled && <p className="rounded-2xl border border-white/10 bg-zinc-900/60 px-4 py-3 text-sm text-zinc-300">{FEDERATION_TEXT.off}</p>}
      <BlockServerForm />
      <section aria-labelledby="admin-servers-heading" className="space-y-2">
        <SectionHeading id="admin-servers-heading">
          <span className="inline-flex items-center gap-2">
            <Globe aria-hidden="true" className="size-5 text-zinc-400" /> Servers
          </span>
        </SectionHeading>
        {body}
      </section>
    </div>
  );
}

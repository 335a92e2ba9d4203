//! DRAFTS on your own profile (issue 44): your drafts and your scheduled posts, one at a time
//! (a segmented choice), newest first. Each row shows its cover, the start of its caption and
//! when it was saved, or when it goes out in your own time zone; Edit opens it in the composer,
//! Publish now shares it, Schedule… (Reschedule…) picks its time, Cancel schedule takes a
//! scheduled post back to the drafts, and Delete asks first, as every delete does.
import { CalendarClock, FileText, ImageOff, Trash2 } from 'lucide-react';
import { useId, useState, type ComponentProps } from 'react';
import { Link } from 'wouter';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { IconButton } from '@/components/ui/icon-button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { timeAgo } from '@/lib/relative-time';
import { cn } from '@/lib/utils';
import { useDeleteDraft, useDrafts, usePublishDraft, useUnscheduleDraft } from '../api/drafts';
import { formatScheduledTime } from '../schedule';
import type { Draft } from '../types';
import { ScheduleDialog } from './schedule-dialog';

export type DraftsView = 'drafts' | 'scheduled';

/** The composer's address for draft `id`. */
export const draftEditPath = (id: number) => `/create?draft=${id}`;

const rowButton = 'min-h-11 px-3 text-xs';

export function ProfileDrafts({ view, onViewChange }: { view: DraftsView; onViewChange: (view: DraftsView) => void }) {
  return (
    <Tabs
      label="Drafts and scheduled posts"
      variant="pills"
      value={view}
      onChange={onViewChange}
      tabs={[
        {
          id: 'drafts',
          label: (
            <>
              <FileText aria-hidden="true" className="size-4" /> Drafts
            </>
          ),
          panel: <DraftList scheduled={false} />,
        },
        {
          id: 'scheduled',
          label: (
            <>
              <CalendarClock aria-hidden="true" className="size-4" /> Scheduled
            </>
          ),
          panel: <DraftList scheduled />,
        },
      ]}
    />
  );
}

function DraftList({ scheduled }: { scheduled: boolean }) {
  const query = useDrafts(scheduled);
  if (query.isPending) {
    return (
      <div role="status" aria-label={scheduled ? 'Loading scheduled posts' : 'Loading drafts'} className="space-y-3 p-4">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-20 rounded-xl" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return <EmptyState title={scheduled ? 'Failed to load scheduled posts' : 'Failed to load drafts'} description="Please try again later." />;
  }
  const drafts = query.data.pages.flatMap((page) => page.items);
  if (drafts.length === 0) {
    return scheduled ? (
      <EmptyState
        icon={<CalendarClock aria-hidden="true" className="size-6" />}
        title="Nothing scheduled"
        description="Pick a time with Schedule… in the composer and your post goes out on its own."
      />
    ) : (
      <EmptyState
        icon={<FileText aria-hidden="true" className="size-6" />}
        title="No drafts yet"
        description="Not ready to share? Save it as a draft and finish it later."
      />
    );
  }
  return (
    <>
      <ul aria-label={scheduled ? 'Scheduled posts' : 'Drafts'} className="divide-y divide-white/10">
        {drafts.map((draft) => (
          <DraftRow key={draft.id} draft={draft} />
        ))}
      </ul>
      <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
    </>
  );
}

/** The first image's thumbnail, or a placeholder saying there is none yet. */
function Cover({ draft }: { draft: Draft }) {
  const first = draft.media[0];
  if (!first) {
    return (
      <span className="grid size-16 shrink-0 place-items-center rounded-lg bg-zinc-800 text-zinc-500">
        <ImageOff aria-hidden="true" className="size-5" />
        <span className="sr-only">No image yet</span>
      </span>
    );
  }
  return <img src={first.thumbnailUrl ?? first.url} alt="" className="size-16 shrink-0 rounded-lg object-cover" />;
}

/** The caption's first line, cut at 80 characters. */
function excerpt(caption: string): string {
  const line = caption.trim().split('\n')[0] ?? '';
  const chars = Array.from(line);
  return chars.length > 80 ? `${chars.slice(0, 79).join('').trimEnd()}…` : line;
}

function DraftRow({ draft }: { draft: Draft }) {
  const id = useId();
  const scheduledAt = draft.scheduledAt;
  const scheduled = scheduledAt !== null;
  const publish = usePublishDraft();
  const unschedule = useUnscheduleDraft();
  const remove = useDeleteDraft();
  const [scheduling, setScheduling] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const busy = publish.isPending || unschedule.isPending || remove.isPending;
  const text = excerpt(draft.caption);
  const images = draft.media.length;

  const publishNow = () =>
    publish.mutate(
      { id: draft.id },
      {
        onSuccess: ({ published }) => {
          if (published) toast({ title: 'Post created!', description: 'Your creative post has been shared with the world.' });
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) ?? 'Failed to create post. Please try again.' }),
      },
    );
  const schedule = (at: string) =>
    publish.mutate(
      { id: draft.id, at },
      {
        onSuccess: ({ scheduled: moved }) => {
          setScheduling(false);
          if (moved?.scheduledAt) toast({ title: scheduled ? 'Post rescheduled' : 'Post scheduled', description: `It goes out ${formatScheduledTime(moved.scheduledAt)}.` });
        },
      },
    );

  return (
    <li>
      <article aria-labelledby={`${id}-title`} className="px-4 py-3">
        <div className="flex gap-3">
          <Cover draft={draft} />
          <div className="min-w-0 flex-1 pt-1">
            <h2 id={`${id}-title`} className={cn('truncate text-sm', text ? 'text-white' : 'text-zinc-400 italic')}>
              {text || 'No caption'}
            </h2>
            <p className="mt-0.5 text-xs text-zinc-400">
              {scheduledAt ? (
                <span className="inline-flex items-center gap-1 text-fuchsia-200">
                  <CalendarClock aria-hidden="true" className="size-3.5" />
                  Scheduled for {formatScheduledTime(scheduledAt)}
                </span>
              ) : (
                `Saved ${timeAgo(draft.updatedAt)}`
              )}
              {images > 1 && ` · ${images} images`}
            </p>
          </div>
        </div>
        {/* Under the row, its whole width: a draft's four actions fit one line on a phone. */}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Link href={draftEditPath(draft.id)} className={cn('inline-flex items-center rounded-xl border border-white/10 bg-white/5 font-semibold text-zinc-100 hover:bg-white/10', rowButton)}>
            Edit
          </Link>
          <RowButton onClick={publishNow} disabled={busy}>
            {publish.isPending && !scheduling ? 'Publishing...' : 'Publish now'}
          </RowButton>
          <RowButton onClick={() => setScheduling(true)} disabled={busy} aria-haspopup="dialog">
            {scheduled ? 'Reschedule…' : 'Schedule…'}
          </RowButton>
          {scheduled && (
            <RowButton onClick={() => unschedule.mutate(draft.id, { onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) ?? 'Could not cancel the schedule. Please try again.' }) })} disabled={busy}>
              Cancel schedule
            </RowButton>
          )}
          <IconButton
            label="Delete"
            icon={Trash2}
            iconClassName="size-5"
            onClick={() => setDeleting(true)}
            disabled={busy}
            aria-haspopup="dialog"
            className="ml-auto text-red-300 hover:bg-white/5 disabled:opacity-60"
          />
        </div>
      </article>
      <ScheduleDialog
        open={scheduling}
        onOpenChange={(open) => {
          setScheduling(open);
          if (!open) publish.reset();
        }}
        reschedule={scheduled}
        current={draft.scheduledAt}
        busy={publish.isPending}
        error={publish.isError ? (errorMessage(publish.error) ?? 'Could not schedule the post. Please try again.') : null}
        onSchedule={schedule}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={(open) => {
          setDeleting(open);
          if (!open) remove.reset();
        }}
        title={scheduled ? 'Delete scheduled post?' : 'Delete draft?'}
        description={scheduled ? 'It will not go out, and its images go with it. This cannot be undone.' : 'Its images go with it. This cannot be undone.'}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        error={remove.isError ? (errorMessage(remove.error) ?? 'Could not delete the draft. Please try again.') : undefined}
        onConfirm={() => remove.mutate(draft.id, { onSuccess: () => setDeleting(false) })}
      />
    </li>
  );
}

function RowButton({ className, ...props }: ComponentProps<typeof Button>) {
  return <Button variant="secondary" className={cn(rowButton, className)} {...props} />;
}

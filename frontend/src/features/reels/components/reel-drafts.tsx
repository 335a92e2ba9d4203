//! Your reel drafts (issue 44), under the New Reel form: reels whose video is uploaded and kept,
//! which only you see, newest first. Each can be published now (a reel posted at that moment),
//! have its caption edited, or be deleted (after the app's confirmation). A draft untouched for
//! 30 days is removed by the server. Nothing shows while there are none.
import { Film } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatMSs } from '@/lib/duration';
import { timeAgo } from '@/lib/relative-time';
import { useDeleteReelDraft } from '../api/delete-reel-draft';
import { useEditReelDraft } from '../api/edit-reel-draft';
import { useReelDrafts } from '../api/get-reel-drafts';
import { usePublishReelDraft } from '../api/publish-reel-draft';
import type { Reel, ReelDraft } from '../types';
import { CaptionDialog } from './caption-dialog';

export function ReelDrafts({ onPublished }: { onPublished: (reel: Reel) => void }) {
  const heading = useId();
  const query = useReelDrafts();
  const drafts = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (drafts.length === 0) return null;
  return (
    <section aria-labelledby={heading} className="space-y-3">
      <div>
        <h2 id={heading} className="text-base font-semibold text-white">
          Drafts
        </h2>
        <p className="text-xs text-zinc-500">Only you see these. A draft untouched for 30 days is removed.</p>
      </div>
      <ul aria-label="Reel drafts" className="space-y-2">
        {drafts.map((draft) => (
          <DraftItem key={draft.id} draft={draft} onPublished={onPublished} />
        ))}
      </ul>
      <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
    </section>
  );
}

function DraftItem({ draft, onPublished }: { draft: ReelDraft; onPublished: (reel: Reel) => void }) {
  const publish = usePublishReelDraft(draft.id);
  const edit = useEditReelDraft(draft.id);
  const remove = useDeleteReelDraft(draft.id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const onPublish = () =>
    publish.mutate(undefined, {
      onSuccess: (reel) => {
        toast({ title: 'Reel posted!', description: 'Your reel is now in the reels feed.' });
        onPublished(reel);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Could not publish', description: errorMessage(error) ?? 'Please try again.' }),
    });

  return (
    <li aria-label={draft.caption ? `Draft: ${draft.caption}` : 'Draft without a caption'} className="flex gap-3 rounded-xl border border-white/10 bg-white/5 p-2">
      {draft.posterUrl ? (
        <img src={draft.posterUrl} alt="" className="aspect-[9/16] w-16 shrink-0 rounded-lg bg-black object-cover" />
      ) : (
        <span className="grid aspect-[9/16] w-16 shrink-0 place-items-center rounded-lg bg-black text-zinc-500">
          <Film aria-hidden="true" className="size-6" />
        </span>
      )}
      <div className="min-w-0 flex-1 space-y-2">
        <p className="line-clamp-2 text-sm break-words whitespace-pre-line text-zinc-100">
          {draft.caption || <span className="text-zinc-500">No caption</span>}
        </p>
        <p className="text-xs text-zinc-500">
          {formatMSs(draft.duration)} · saved <time dateTime={draft.updatedAt}>{timeAgo(draft.updatedAt)}</time>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={onPublish} disabled={publish.isPending}>
            {publish.isPending ? 'Publishing...' : 'Publish'}
          </Button>
          <Button variant="secondary" onClick={() => setEditing(true)} disabled={publish.isPending}>
            Edit caption
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="secondary" disabled={publish.isPending}>
                Delete
              </Button>
            }
            open={deleting}
            onOpenChange={(open) => {
              setDeleting(open);
              if (!open) remove.reset();
            }}
            title="Delete draft?"
            description="Its video goes with it. This cannot be undone."
            confirmLabel="Delete"
            busyLabel="Deleting..."
            busy={remove.isPending}
            error={remove.isError ? (errorMessage(remove.error) ?? 'Could not delete the draft. Please try again.') : undefined}
            onConfirm={() => remove.mutate(undefined, { onSuccess: () => setDeleting(false) })}
          />
        </div>
      </div>
      <CaptionDialog
        title="Edit caption"
        description="The draft keeps its video; only you see it until you publish it."
        caption={draft.caption}
        save={edit}
        open={editing}
        onOpenChange={setEditing}
      />
    </li>
  );
}

//! A reel's earlier captions (issue 44), opened from its 'Edited' mark: each as it read before
//! the edit after it, newest first, with when it was written; the reel as it is now is the slide.
import { LoadMore } from '@/components/load-more';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { timeAgo } from '@/lib/relative-time';
import { useReelHistory } from '../api/get-reel-history';

export function ReelHistoryDialog({ reelId, open, onOpenChange }: { reelId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const history = useReelHistory(reelId, open);
  const versions = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85dvh] overflow-y-auto">
        <DialogTitle>Edit history</DialogTitle>
        <DialogDescription>What the reel's caption said before each edit, the latest first.</DialogDescription>
        {history.isPending ? (
          <Spinner label="Loading the history" />
        ) : history.isError ? (
          <EmptyState title="Failed to load the history" description="Please try again later." />
        ) : versions.length === 0 ? (
          <EmptyState title="Not edited" description="This reel reads as it was first shared." />
        ) : (
          <>
            <ol aria-label="Earlier versions" className="mt-4 space-y-3">
              {versions.map((version, i) => (
                <li key={`${version.writtenAt}-${i}`} className="space-y-1 rounded-xl border border-white/10 bg-white/5 p-3 text-sm">
                  <time dateTime={version.writtenAt} className="block text-xs text-zinc-500">
                    {timeAgo(version.writtenAt)}
                  </time>
                  <p className="break-words whitespace-pre-line text-zinc-100">
                    {version.caption || <span className="text-zinc-500">No caption</span>}
                  </p>
                </li>
              ))}
            </ol>
            <LoadMore hasNextPage={history.hasNextPage} isFetchingNextPage={history.isFetchingNextPage} fetchNextPage={history.fetchNextPage} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

//! A post's earlier versions (issue 44), opened from its 'Edited' mark: each as it read before
//! the edit after it, newest first, with when it was written; the post as it is now is the card.
import { LoadMore } from '@/components/load-more';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { timeAgo } from '@/lib/relative-time';
import type { PostVersion } from '@/types/social';
import { usePostHistory } from '../api/get-post-history';

export function PostHistoryDialog({ postId, open, onOpenChange }: { postId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const history = usePostHistory(postId, open);
  const versions = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85dvh] overflow-y-auto">
        <DialogTitle>Edit history</DialogTitle>
        <DialogDescription>What the post said before each edit, the latest first.</DialogDescription>
        {history.isPending ? (
          <Spinner label="Loading the history" />
        ) : history.isError ? (
          <EmptyState title="Failed to load the history" description="Please try again later." />
        ) : versions.length === 0 ? (
          <EmptyState title="Not edited" description="This post reads as it was first shared." />
        ) : (
          <>
            <ol aria-label="Earlier versions" className="mt-4 space-y-3">
              {versions.map((version) => (
                <Version key={version.writtenAt + version.caption} version={version} />
              ))}
            </ol>
            <LoadMore hasNextPage={history.hasNextPage} isFetchingNextPage={history.isFetchingNextPage} fetchNextPage={history.fetchNextPage} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Version({ version }: { version: PostVersion }) {
  const described = version.alts.map((alt, i) => ({ alt, n: i + 1 })).filter(({ alt }) => alt);
  return (
    <li className="space-y-1 rounded-xl border border-white/10 bg-white/5 p-3 text-sm">
      <time dateTime={version.writtenAt} className="block text-xs text-zinc-500">
        {timeAgo(version.writtenAt)}
      </time>
      <p className="break-words whitespace-pre-line text-zinc-100">{version.caption || <span className="text-zinc-500">No caption</span>}</p>
      {version.location && <p className="text-xs text-zinc-400">{version.location}</p>}
      {version.tags.length > 0 && <p className="text-xs text-fuchsia-300">{version.tags.map((tag) => `#${tag}`).join(' ')}</p>}
      {described.length > 0 && (
        <ul aria-label="Alt texts" className="space-y-0.5 text-xs text-zinc-400">
          {described.map(({ alt, n }) => (
            <li key={n}>
              {version.alts.length > 1 ? `Image ${n}: ` : 'Alt text: '}
              {alt}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

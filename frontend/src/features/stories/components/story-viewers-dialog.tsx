//! Who saw your story (issue 43): the author's 'N views' opens this list over the story viewer,
//! the latest first (the story's timer waits meanwhile).
import { Eye } from 'lucide-react';
import { PeopleList } from '@/components/people-list';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useStoryViewers } from '../api/get-story-viewers';

export function viewsLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'view' : 'views'}`;
}

function ViewerList({ storyId, onNavigate }: { storyId: number; onNavigate: () => void }) {
  const viewers = useStoryViewers(storyId);
  return (
    <div className="mt-3 max-h-[60vh] overflow-y-auto">
      <PeopleList
        label="Viewers"
        items={viewers.data?.pages.flatMap((page) => page.items) ?? []}
        isPending={viewers.isPending}
        error={viewers.error}
        empty="No views yet"
        hasNextPage={viewers.hasNextPage}
        isFetchingNextPage={viewers.isFetchingNextPage}
        fetchNextPage={viewers.fetchNextPage}
        onNavigate={onNavigate}
      />
    </div>
  );
}

export function StoryViewersDialog({
  storyId,
  count,
  open,
  onOpenChange,
  onNavigate,
}: {
  storyId: number;
  count: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A viewer's profile was opened: the story viewer closes. */
  onNavigate: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <button
          type="button"
          className="-ml-2 flex min-h-11 items-center gap-1.5 rounded-full px-2 text-xs text-white/80 hover:bg-white/10 hover:text-white"
        >
          <Eye aria-hidden="true" className="size-4" />
          {viewsLabel(count)}
        </button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Viewers</DialogTitle>
        <DialogDescription>{`${viewsLabel(count)} of your story`}</DialogDescription>
        {open && <ViewerList storyId={storyId} onNavigate={onNavigate} />}
      </DialogContent>
    </Dialog>
  );
}

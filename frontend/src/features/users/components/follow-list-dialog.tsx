//! A profile's Followers and Following counts (issue 43): each opens its list, the latest follow
//! first, every row with the person and a Follow button (none on your own row). A private
//! account's lists are for itself and its approved followers: anyone else reads why.
import { useState } from 'react';
import { PeopleList } from '@/components/people-list';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useUser } from '@/lib/auth';
import type { FollowListSide } from '../api/keys';
import { useFollowList } from '../api/get-follow-list';
import { FollowButton } from './follow-button';

const TITLES: Record<FollowListSide, string> = { followers: 'Followers', following: 'Following' };

function FollowList({ userId, side, onNavigate }: { userId: number; side: FollowListSide; onNavigate: () => void }) {
  const list = useFollowList(userId, side);
  const me = useUser().data?.id;
  return (
    <div className="mt-3 max-h-[60vh] overflow-y-auto">
      <PeopleList
        label={TITLES[side]}
        items={list.data?.pages.flatMap((page) => page.items) ?? []}
        isPending={list.isPending}
        error={list.error}
        empty={side === 'followers' ? 'No followers yet' : 'Not following anyone yet'}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
        onNavigate={onNavigate}
        end={(person) =>
          person.user.id === me ? null : (
            <FollowButton userId={person.user.id} isFollowing={person.isFollowing} isRequested={person.isRequested} className="min-w-24 shrink-0 px-3" />
          )
        }
      />
    </div>
  );
}

/** The count, as a button that opens the list. */
export function FollowListDialog({ userId, username, side, count }: { userId: number; username: string; side: FollowListSide; count: number }) {
  const [open, setOpen] = useState(false);
  const title = TITLES[side];
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button type="button" className="flex min-h-11 min-w-16 flex-col items-center rounded-xl px-2 hover:bg-white/5">
          <span className="text-lg font-semibold text-white">{count.toLocaleString('en-US')}</span>
          <span className="text-xs text-zinc-400">{title}</span>
        </button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{side === 'followers' ? `People who follow @${username}` : `People @${username} follows`}</DialogDescription>
        {open && <FollowList userId={userId} side={side} onNavigate={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

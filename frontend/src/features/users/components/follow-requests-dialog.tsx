//! Follow requests on your own profile (issue 20): while your account is private and someone
//! waits, an entry under the header shows how many; it opens the list, newest first, each row
//! with Approve and Decline (optimistic: the row goes at once and comes back on failure). More
//! load as the list is scrolled to its end. The entry stays while its list is open, so answering
//! the last request does not close the dialog under the pointer.
import { ChevronRight, UserPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { LoadMore } from '@/components/load-more';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PeopleSkeleton } from '@/components/ui/skeleton';
import { relativeTime } from '@/lib/relative-time';
import type { FollowRequest } from '@/types/social';
import { useAnswerFollowRequest, type RequestAnswer } from '../api/answer-follow-request';
import { useFollowRequests } from '../api/get-follow-requests';
import { FOLLOW_REQUESTS_TEXT as TEXT } from '../privacy-text';

export type Answer = (request: FollowRequest, answer: RequestAnswer, row: HTMLElement | null) => void;

/** One request: the requester's avatar and name (a link to them), Approve and Decline. */
export function RequestRow({ request, onAnswer }: { request: FollowRequest; onAnswer: Answer }) {
  const row = useRef<HTMLLIElement>(null);
  const { user } = request;
  const profile = `/profile/${encodeURIComponent(user.username)}`;
  return (
    <li ref={row} data-request-id={request.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2">
      <Link href={profile} className="flex min-h-11 min-w-0 flex-1 items-center gap-3">
        <Avatar src={user.profileImageUrl} name={user.displayName} className="size-10 shrink-0 text-base" />
        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold text-white">{user.displayName}</span>
          <span className="block truncate text-xs text-zinc-400">
            @{user.username} · <time dateTime={request.createdAt}>{relativeTime(request.createdAt)}</time>
          </span>
        </span>
      </Link>
      {/* A phone puts the two buttons on their own line, each half of it: the name keeps its room. */}
      <div className="flex w-full gap-2 sm:w-auto sm:shrink-0">
        <Button aria-label={TEXT.approveLabel(user.username)} className="flex-1 px-3 sm:flex-none" onClick={() => onAnswer(request, 'approve', row.current)}>
          {TEXT.approve}
        </Button>
        <Button
          variant="secondary"
          aria-label={TEXT.declineLabel(user.username)}
          className="flex-1 px-3 sm:flex-none"
          onClick={() => onAnswer(request, 'decline', row.current)}
        >
          {TEXT.decline}
        </Button>
      </div>
    </li>
  );
}

function RequestList() {
  const requests = useFollowRequests();
  const answer = useAnswerFollowRequest();
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];
  const list = useRef<HTMLDivElement>(null);
  // The row whose Approve gets focus once an answered row (and the button pressed) is gone.
  const focusNext = useRef<string | null>(null);

  const onAnswer: Answer = (request, choice, row) => {
    const sibling = (row?.nextElementSibling ?? row?.previousElementSibling) as HTMLElement | null;
    focusNext.current = sibling?.dataset.requestId ?? '';
    answer.mutate({ request, answer: choice });
  };

  useEffect(() => {
    if (focusNext.current === null) return;
    const target = focusNext.current;
    focusNext.current = null;
    const button = target ? list.current?.querySelector<HTMLElement>(`[data-request-id="${target}"] button`) : null;
    (button ?? list.current)?.focus();
  }, [items.length]);

  let body;
  if (requests.isPending) {
    body = <PeopleSkeleton label={TEXT.loading} />;
  } else if (requests.isError) {
    body = <EmptyState title={TEXT.loadFailed} description={TEXT.loadFailedHint} />;
  } else if (items.length === 0) {
    body = <EmptyState icon={<UserPlus aria-hidden="true" className="size-6" />} title={TEXT.empty} />;
  } else {
    body = (
      <>
        <ul aria-label={TEXT.list} className="divide-y divide-white/10">
          {items.map((request) => (
            <RequestRow key={request.id} request={request} onAnswer={onAnswer} />
          ))}
        </ul>
        <LoadMore hasNextPage={requests.hasNextPage} isFetchingNextPage={requests.isFetchingNextPage} fetchNextPage={requests.fetchNextPage} />
      </>
    );
  }
  return (
    <div ref={list} tabIndex={-1} className="mt-3 focus:outline-none">
      {body}
    </div>
  );
}

/** The count as shown: the loaded requests, with '+' while more pages wait. */
function countText(loaded: number, more: boolean): string {
  return more ? `${loaded}+` : String(loaded);
}

/**
 * The own profile's entry and the list it opens. `enabled`: the account is private (a public
 * account has no requests: turning private off approved them all), so nothing is fetched else.
 */
export function FollowRequestsEntry({ enabled }: { enabled: boolean }) {
  const [open, setOpen] = useState(false);
  const requests = useFollowRequests({ enabled });
  const loaded = requests.data?.pages.reduce((sum, page) => sum + page.items.length, 0) ?? 0;
  if (!enabled || (loaded === 0 && !open)) return null;
  const count = countText(loaded, requests.hasNextPage);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button
          type="button"
          className="mx-4 mt-4 flex min-h-11 w-[calc(100%-2rem)] items-center gap-3 rounded-xl border border-white/10 bg-white/5 px-4 py-2 text-left text-sm font-semibold text-zinc-100 hover:bg-white/10"
        >
          <UserPlus aria-hidden="true" className="size-4 text-zinc-300" />
          <span className="flex-1">{TEXT.entry}</span>{' '}
          <span className="rounded-full bg-fuchsia-600 px-2 py-0.5 text-xs font-bold text-[#fff]">
            {count}{' '}
            <span className="sr-only">{TEXT.pending}</span>
          </span>
          <ChevronRight aria-hidden="true" className="size-4 text-zinc-400" />
        </button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{TEXT.title}</DialogTitle>
        <DialogDescription>{TEXT.description}</DialogDescription>
        {open && <RequestList />}
      </DialogContent>
    </Dialog>
  );
}

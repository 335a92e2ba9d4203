//! Settings › 'Blocked accounts' (issue 20): the accounts you blocked, the latest first, each with
//! 'Unblock'; more load as the list is scrolled to its end.
import { ChevronRight, UserX } from 'lucide-react';
import { useState } from 'react';
import { LoadMore } from '@/components/load-more';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PeopleSkeleton } from '@/components/ui/skeleton';
import { useUnblockUser } from '../api/block-user';
import { useBlockedAccounts } from '../api/get-blocked-accounts';
import type { BlockedAccount } from '../types';

function BlockedRow({ account }: { account: BlockedAccount }) {
  const unblock = useUnblockUser();
  return (
    <li className="flex items-center gap-3 py-2">
      <Avatar src={account.profileImageUrl} name={account.displayName} className="size-10 text-base" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-white">{account.displayName}</p>
        <p className="truncate text-xs text-zinc-400">@{account.username}</p>
      </div>
      <Button
        variant="secondary"
        aria-label={`Unblock @${account.username}`}
        disabled={unblock.isPending}
        onClick={() => unblock.mutate({ id: account.id, username: account.username })}
      >
        Unblock
      </Button>
    </li>
  );
}

function BlockedList() {
  const blocked = useBlockedAccounts();
  const accounts = blocked.data?.pages.flatMap((page) => page.items) ?? [];

  if (blocked.isPending) {
    return <PeopleSkeleton label="Loading blocked accounts" className="mt-4" />;
  }
  if (blocked.isError) return <EmptyState title="Failed to load blocked accounts" description="Please try again later." />;
  if (accounts.length === 0) {
    return <EmptyState icon={<UserX aria-hidden="true" className="size-6" />} title="You haven't blocked anyone." />;
  }
  return (
    <>
      <ul aria-label="Blocked accounts" className="mt-3 divide-y divide-white/10">
        {accounts.map((account) => (
          <BlockedRow key={account.id} account={account} />
        ))}
      </ul>
      <LoadMore
        hasNextPage={blocked.hasNextPage}
        isFetchingNextPage={blocked.isFetchingNextPage}
        fetchNextPage={blocked.fetchNextPage}
      />
    </>
  );
}

/** The settings entry and the list it opens (fetched only while open). */
export function BlockedAccountsDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button
          type="button"
          className="flex min-h-11 w-full items-center justify-between gap-4 py-3 text-left text-sm font-medium text-zinc-100 hover:text-white"
        >
          Blocked accounts
          <ChevronRight aria-hidden="true" className="size-4 text-zinc-400" />
        </button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Blocked accounts</DialogTitle>
        <DialogDescription>They can't find your profile, posts or story, or message you.</DialogDescription>
        {open && <BlockedList />}
      </DialogContent>
    </Dialog>
  );
}

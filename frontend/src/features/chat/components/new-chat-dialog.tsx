//! 'Start New Chat' (spec 001 §2): a debounced user search; choosing someone starts (or reopens)
//! the one-to-one conversation and opens it. The search itself belongs to the users feature, so
//! the page hands its hook in (features do not import each other).
import { SquarePen } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useStartConversation } from '../hooks/use-start-conversation';

export const NEW_CHAT_SEARCH_DEBOUNCE_MS = 300;

/** A search result, as much of a user as the dialog shows. */
export interface FoundUser {
  id: number;
  username: string;
  displayName: string;
  profileImageUrl: string | null;
}

/**
 * GET /api/search/users?q= as a hook (the users feature's search, under a key of the chat's so a
 * 401 is the chat's 'Session Expired'): runs only for a non-empty query and toasts 'Failed to
 * search users' itself.
 */
export type UserSearchHook = (query: string) => { data?: FoundUser[]; isPending: boolean; isError: boolean };

function Results({
  query,
  meId,
  useUserSearch,
  onChoose,
  disabled,
}: {
  query: string;
  meId: number;
  useUserSearch: UserSearchHook;
  onChoose: (user: FoundUser) => void;
  disabled: boolean;
}) {
  const search = useUserSearch(query);
  if (!query) return <p className="py-6 text-center text-sm text-zinc-400">Start typing to search for users</p>;
  if (search.isPending) {
    return (
      <div role="status" aria-label="Searching" className="space-y-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14 rounded-xl" />
        ))}
      </div>
    );
  }
  if (search.isError) return null;
  // You cannot start a conversation with yourself (the server answers 400).
  const users = (search.data ?? []).filter((user) => user.id !== meId);
  if (users.length === 0) return <p className="py-6 text-center text-sm text-zinc-400">No users found</p>;
  return (
    <ul aria-label="Users" className="space-y-1">
      {users.map((user) => (
        <li key={user.id}>
          <button
            type="button"
            disabled={disabled}
            onClick={() => onChoose(user)}
            className="flex min-h-14 w-full items-center gap-3 rounded-xl px-2 py-1.5 text-left transition hover:bg-white/5 disabled:opacity-60"
          >
            <Avatar src={user.profileImageUrl} name={user.displayName} className="size-10 text-base" />
            <span className="min-w-0">
              <span className="block truncate font-semibold text-white">{user.displayName}</span>
              <span className="block truncate text-sm text-zinc-400">@{user.username}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function NewChatDialog({ meId, useUserSearch }: { meId: number; useUserSearch: UserSearchHook }) {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim(), NEW_CHAT_SEARCH_DEBOUNCE_MS);
  const start = useStartConversation();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setInput('');
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <IconButton
          label="Start New Chat"
          icon={SquarePen}
          iconClassName="size-5"
          className="text-zinc-300 hover:bg-white/5 hover:text-white"
        />
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Start New Chat</DialogTitle>
        <DialogDescription className="sr-only">Find someone to message.</DialogDescription>
        {/* Radix focuses the first control on opening: this search field. */}
        <Input
          type="search"
          aria-label="Search users"
          placeholder="Search users..."
          value={input}
          onChange={(e) => setInput(e.target.value)}
          className="mt-4 mb-3"
        />
        <Results
          query={query}
          meId={meId}
          useUserSearch={useUserSearch}
          disabled={start.isPending}
          onChoose={(user) => start.open(user.id, () => onOpenChange(false))}
        />
      </DialogContent>
    </Dialog>
  );
}

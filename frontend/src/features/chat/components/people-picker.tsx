//! Finding people to talk to: the users feature's search (the page hands its hook in, features
//! do not import each other) with its results as a list. 'Start New Chat' chooses one person;
//! a new group, and the owner's 'Add people', pick several (PeoplePicker).
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { PersonOption } from '@/components/ui/person-option';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

export const NEW_CHAT_SEARCH_DEBOUNCE_MS = 300;

/** A search result, as much of a user as the dialogs show. */
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

/**
 * The results of a search for `query`, without `exclude` (yourself: you cannot start a
 * conversation with yourself; a group's members). With `selected` each result is a toggle
 * (aria-pressed) and `full` stops more from being picked.
 */
export function SearchResults({
  query,
  exclude,
  useUserSearch,
  onChoose,
  disabled = false,
  selected,
  full = false,
}: {
  query: string;
  exclude: ReadonlySet<number>;
  useUserSearch: UserSearchHook;
  onChoose: (user: FoundUser) => void;
  disabled?: boolean;
  selected?: ReadonlySet<number>;
  full?: boolean;
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
  const users = (search.data ?? []).filter((user) => !exclude.has(user.id));
  if (users.length === 0) return <p className="py-6 text-center text-sm text-zinc-400">No users found</p>;
  return (
    <ul aria-label="Users" className="space-y-1">
      {users.map((user) => {
        const picked = selected?.has(user.id);
        return (
          <li key={user.id}>
            <PersonOption
              person={user}
              pressed={selected ? picked : undefined}
              picked={picked}
              disabled={disabled || (full && !picked)}
              onClick={() => onChoose(user)}
              end={picked && <Check aria-hidden="true" className="size-5 shrink-0 text-fuchsia-300" />}
            />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Several people picked from the search: the picked ones as chips (each with a button to take
 * them out) above the search field and its results. At `max` picked no one else can be added,
 * and `fullText` says why.
 */
export function PeoplePicker({
  useUserSearch,
  exclude,
  picked,
  onPickedChange,
  max,
  fullText,
  searchLabel = 'Search users',
  disabled = false,
}: {
  useUserSearch: UserSearchHook;
  exclude: ReadonlySet<number>;
  picked: FoundUser[];
  onPickedChange: (picked: FoundUser[]) => void;
  max: number;
  fullText: string;
  searchLabel?: string;
  disabled?: boolean;
}) {
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim(), NEW_CHAT_SEARCH_DEBOUNCE_MS);
  const pickedIds = new Set(picked.map((user) => user.id));
  const full = picked.length >= max;

  const toggle = (user: FoundUser) =>
    onPickedChange(pickedIds.has(user.id) ? picked.filter((u) => u.id !== user.id) : [...picked, user]);

  return (
    <div className="space-y-3">
      {picked.length > 0 && (
        <ul aria-label="Picked people" className="flex flex-wrap gap-1.5">
          {picked.map((user) => (
            <li key={user.id} className="flex items-center gap-1 rounded-full bg-white/10 py-0.5 pr-0.5 pl-1">
              <span aria-hidden="true">
                <Avatar src={user.profileImageUrl} name={user.displayName} className="size-6 text-xs" />
              </span>
              <span className="max-w-32 truncate px-1 text-sm text-white">{user.displayName}</span>
              <button
                type="button"
                aria-label={`Remove ${user.displayName}`}
                disabled={disabled}
                onClick={() => toggle(user)}
                className="relative grid size-7 place-items-center rounded-full text-zinc-300 before:absolute before:-inset-1 hover:bg-white/10 hover:text-white"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Input
        type="search"
        aria-label={searchLabel}
        placeholder="Search users..."
        value={input}
        onChange={(e) => setInput(e.target.value)}
      />
      {full && <p className="text-sm text-amber-300">{fullText}</p>}
      <SearchResults
        query={query}
        exclude={exclude}
        useUserSearch={useUserSearch}
        onChoose={toggle}
        disabled={disabled}
        selected={pickedIds}
        full={full}
      />
    </div>
  );
}

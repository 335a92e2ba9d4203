//! Explore's user search: a debounced query, then 'Search Results' or
//! 'No users found'; each row opens the profile and carries a Follow/Following button.
import { Sparkles } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { Profile } from '@/types/social';
import { useSearchUsers } from '../api/search-users';
import { FollowButton } from './follow-button';

export const SEARCH_DEBOUNCE_MS = 300;

function formatFollowers(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'follower' : 'followers'}`;
}

function ResultRow({ user, isSelf }: { user: Profile; isSelf: boolean }) {
  return (
    <li className="flex items-center gap-3 rounded-2xl border border-white/10 bg-zinc-900/60 p-3">
      <Link href={`/profile/${encodeURIComponent(user.username)}`} className="flex min-h-11 min-w-0 flex-1 items-center gap-3">
        <Avatar src={user.profileImageUrl} name={user.displayName} className="size-12 text-lg" />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-white">{user.displayName}</span>
          <span className="block truncate text-sm text-zinc-400">@{user.username}</span>
          {user.bio && <span className="mt-0.5 line-clamp-2 text-sm text-zinc-300">{user.bio}</span>}
          <span className="mt-0.5 block text-xs text-zinc-500">{formatFollowers(user.followersCount)}</span>
        </span>
      </Link>
      {!isSelf && <FollowButton userId={user.id} isFollowing={user.isFollowing} isRequested={user.isRequested} className="min-w-24 px-3" />}
    </li>
  );
}

/**
 * `idle` is shown while there is no query (the trending grid's place). `currentUserId` hides
 * the follow button on the signed-in user's own row.
 */
export function UserSearch({ currentUserId, idle }: { currentUserId: number; idle?: ReactNode }) {
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const search = useSearchUsers(query);
  const results = search.data ?? [];

  return (
    <div className="space-y-5">
      <SearchInput
        large
        aria-label="Search"
        placeholder="Search users, tags, or locations..."
        value={input}
        onChange={(e) => setInput(e.target.value)}
      />

      {!query ? (
        (idle ?? (
          <EmptyState
            icon={<Sparkles aria-hidden="true" className="size-6" />}
            title="Discover creators"
            description="Search by name or username to find people to follow."
          />
        ))
      ) : search.isPending ? (
        <div role="status" aria-label="Searching" className="space-y-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 rounded-2xl" />
          ))}
        </div>
      ) : search.isError ? null : results.length === 0 ? (
        <EmptyState title="No users found" description={`Nobody matches "${query}".`} />
      ) : (
        <section aria-labelledby="search-results-heading">
          <h2 id="search-results-heading" className="mb-3 text-lg font-semibold text-white">
            Search Results
          </h2>
          <ul className="space-y-3">
            {results.map((user) => (
              <ResultRow key={user.id} user={user} isSelf={user.id === currentUserId} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

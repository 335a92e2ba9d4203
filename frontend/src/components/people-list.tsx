//! A list of people in a dialog (issue 43): a story's viewers, an account's followers or
//! following. Each row links to the person and carries what the feature puts at its end (a
//! Follow button); more load as the list is scrolled to its end. The loading, failed and empty
//! states are the list's own words.
import { Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LoadMore } from '@/components/load-more';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { PeopleSkeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { relativeTime } from '@/lib/relative-time';

export interface ListedPerson {
  user: { id: number; username: string; displayName: string; profileImageUrl: string | null };
  /** When they saw it, or followed (ISO-8601). */
  at: string;
}

export function PeopleList<T extends ListedPerson>({
  label,
  items,
  isPending,
  error,
  empty,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  onNavigate,
  end,
}: {
  /** The list's accessible name ('Followers'). */
  label: string;
  items: T[];
  isPending: boolean;
  /** Why the first page failed (its message is shown: 'This account is private'). */
  error: unknown;
  /** The words when nobody is there. */
  empty: string;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** A row's link was followed (the dialog closes). */
  onNavigate?: () => void;
  end?: (person: T) => ReactNode;
}) {
  if (isPending) return <PeopleSkeleton label={`Loading ${label.toLowerCase()}`} />;
  if (error) {
    return <EmptyState title={errorMessage(error) ?? `Couldn't load ${label.toLowerCase()}`} description="Please try again later." />;
  }
  if (items.length === 0) return <EmptyState icon={<Users aria-hidden="true" className="size-6" />} title={empty} />;
  return (
    <>
      <ul aria-label={label} className="divide-y divide-white/10">
        {items.map((person) => (
          <li key={person.user.id} className="flex items-center gap-3 py-2">
            <Link
              href={`/profile/${encodeURIComponent(person.user.username)}`}
              onClick={onNavigate}
              className="flex min-h-11 min-w-0 flex-1 items-center gap-3"
            >
              <Avatar src={person.user.profileImageUrl} name={person.user.displayName} className="size-10 shrink-0 text-base" />
              <span className="min-w-0">
                <span className="block truncate text-sm font-semibold text-white">{person.user.displayName}</span>
                <span className="block truncate text-xs text-zinc-400">
                  @{person.user.username} · <time dateTime={person.at}>{relativeTime(person.at)}</time>
                </span>
              </span>
            </Link>
            {end?.(person)}
          </li>
        ))}
      </ul>
      <LoadMore hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} fetchNextPage={fetchNextPage} />
    </>
  );
}

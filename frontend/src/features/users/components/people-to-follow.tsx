//! 'People to follow' (issue 41), on the first run and on a Home that follows nobody: each
//! suggested person with their avatar, name, the skills you share and a Follow button. The list
//! stays as it was while you follow from it; each button shows what its follow left behind.
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { PeopleSkeleton } from '@/components/ui/skeleton';
import { skillName } from '@/lib/skills';
import { cn } from '@/lib/utils';
import type { SuggestedUser } from '@/types/social';
import { useFollowStatus } from '../api/get-follow-status';
import { useSuggestions } from '../api/get-suggestions';
import { FollowButton } from './follow-button';

function SuggestionRow({ person }: { person: SuggestedUser }) {
  // Never fetched: filled in by a follow from this row (or elsewhere in this visit).
  const status = useFollowStatus(person.id, { enabled: false }).data;
  const followers = person.followersCount === 1 ? '1 follower' : `${person.followersCount} followers`;
  return (
    <li className="flex items-center gap-3 py-3">
      <Avatar src={person.profileImageUrl} name={person.displayName} className="size-11 text-base" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-white">{person.displayName}</p>
        <p className="truncate text-xs text-zinc-400">
          @{person.username} · {followers}
        </p>
        {person.skills.length > 0 && (
          <ul aria-label={`Skills of ${person.displayName}`} className="mt-1 flex flex-wrap gap-1">
            {person.skills.map((skill) => (
              <li
                key={skill}
                className={cn(
                  'rounded-full px-2 py-0.5 text-[11px]',
                  person.sharedSkills.includes(skill) ? 'bg-indigo-500/30 text-white' : 'bg-white/10 text-zinc-300',
                )}
              >
                {skillName(skill)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <FollowButton
        userId={person.id}
        isFollowing={status?.isFollowing ?? false}
        isRequested={status?.isRequested ?? false}
        className="shrink-0"
      />
    </li>
  );
}

export function PeopleToFollow({
  className,
  showHeading = true,
  empty = null,
  children,
}: {
  className?: string;
  /** Off where the page's own heading says it (the first run's step). */
  showHeading?: boolean;
  /** Shown when there is no one to suggest. */
  empty?: ReactNode;
  /** Below the list (Home's 'Browse everyone's posts'). */
  children?: ReactNode;
}) {
  const suggestions = useSuggestions();
  return (
    <section aria-label="People to follow" className={cn('rounded-2xl border border-white/10 bg-zinc-900/60 p-4', className)}>
      {showHeading && <h2 className="text-lg font-semibold text-white">People to follow</h2>}
      {suggestions.isPending ? (
        <PeopleSkeleton label="Loading people to follow" className="mt-3" />
      ) : suggestions.isError || suggestions.data.length === 0 ? (
        empty
      ) : (
        <ul aria-label="People to follow" className="divide-y divide-white/5">
          {suggestions.data.map((person) => (
            <SuggestionRow key={person.id} person={person} />
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}

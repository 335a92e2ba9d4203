//! Query keys of home. The skill matches sit under the users' root (`usersQueryKey`), so a
//! follow or a profile change that refreshes the users' data refreshes them too.
import { usersQueryKey } from '@/lib/query-keys';

export const homeKeys = {
  /** `skills` sorted, so one choice of skills is one cache entry whatever the order of the taps. */
  skillMatches: (skills: readonly string[]) => [...usersQueryKey, 'skill-matches', skills.join(',')] as const,
};

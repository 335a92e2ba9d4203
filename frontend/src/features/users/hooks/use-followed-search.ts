import { useQuery } from '@tanstack/react-query';
import { useErrorToast } from '@/hooks/use-error-toast';
import { searchUsersQueryOptions } from '../api/search-users';

/**
 * People you follow whose name matches `query`: the user search (GET /api/search/users, run only
 * for a non-empty trimmed query) narrowed to `isFollowing`. There is no list of whom you follow,
 * and a picker of them (a canvas's Invite) searches anyway.
 */
export function useFollowedSearch(query: string) {
  const result = useQuery({
    ...searchUsersQueryOptions(query),
    select: (users) => users.filter((user) => user.isFollowing),
  });
  useErrorToast(result.error, 'Failed to search users');
  return result;
}

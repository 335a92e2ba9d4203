import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshAuthoredLists, userQueryKey } from '@/lib/query-keys';
import type { Profile, UpdateProfileRequest } from '@/types/social';
import { userKeys } from './keys';

/** PATCH /api/user/profile → the updated profile. */
export async function updateProfile(changes: UpdateProfileRequest): Promise<Profile> {
  const res = await apiRequest('PATCH', '/api/user/profile', changes);
  return (await res.json()) as Profile;
}

/**
 * Saves the profile, then refreshes every profile view and the session user (the tab bar), and
 * in the background the post lists, the stories strip and the reels, whose authors embed the display name.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(userKeys.profile(profile.username), profile);
      refreshAuthoredLists(queryClient);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
      ]);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestForm } from '@/lib/api-client';
import { refreshAuthoredLists, userQueryKey } from '@/lib/query-keys';
import type { ProfileImageResponse } from '@/types/social';
import { userKeys } from './keys';

/** POST /api/user/profile-image, multipart field `profileImage` → the new avatar's URL. */
export async function uploadProfileImage(file: Blob): Promise<ProfileImageResponse> {
  const form = new FormData();
  form.append('profileImage', file);
  const res = await apiRequestForm('POST', '/api/user/profile-image', form);
  return (await res.json()) as ProfileImageResponse;
}

/**
 * Uploads the avatar, then refreshes profiles and the session user (the tab bar's avatar), and
 * in the background the post lists, the stories strip and the reels, whose authors embed the avatar.
 */
export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: () => {
      refreshAuthoredLists(queryClient);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
      ]);
    },
  });
}

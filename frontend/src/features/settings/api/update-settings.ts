import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKey } from '@/lib/query-keys';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings';
import { settingsKeys } from './keys';

/** PUT /api/user/settings with the changed switches only (absent fields keep their value). */
export async function updateSettings(change: Partial<Settings>): Promise<Settings> {
  const res = await apiRequest('PUT', '/api/user/settings', change);
  return (await res.json()) as Settings;
}

/**
 * Saves a switch as it changes: the cache (and so every feature reading it) changes at once;
 * on failure it goes back to what it was and a toast says so; the server's answer is kept. A
 * saved Private Account change (issue 20) refreshes the users' data: your profile's
 * `isPrivate`, its follow requests, and (turning it off approves them all) its followers.
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsKeys.settings,
    mutationFn: updateSettings,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.settings });
      const previous = queryClient.getQueryData<Settings>(settingsKeys.settings);
      queryClient.setQueryData<Settings>(settingsKeys.settings, { ...(previous ?? DEFAULT_SETTINGS), ...change });
      return { previous };
    },
    onError: (_error, change, context) => {
      // Only the fields this change touched go back: a later change to another switch stays.
      const current = queryClient.getQueryData<Settings>(settingsKeys.settings);
      const before = context?.previous ?? DEFAULT_SETTINGS;
      const restored = { ...(current ?? before) };
      for (const key of Object.keys(change) as Array<keyof Settings>) restored[key] = before[key];
      queryClient.setQueryData<Settings>(settingsKeys.settings, restored);
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to save your settings. Please try again.' });
    },
    onSuccess: (saved, change) => {
      queryClient.setQueryData<Settings>(settingsKeys.settings, saved);
      if ('privateAccount' in change) void queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}

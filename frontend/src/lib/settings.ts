//! The user's settings (issue 10, docs/admin-contract.md): GET /api/user/settings, one cached
//! query every feature reads, so a switch changed on /settings (or on another device) takes
//! effect wherever it applies. It lives beside the session (lib/auth.tsx) because features never
//! import one another; only the settings screen writes it (features/settings).
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';
import { settingsQueryKey } from './query-keys';
import type { components } from '@/types/api.gen';

/** `Settings` of docs/admin-contract.md: every switch, as the server's OpenAPI document says. */
export type Settings = components['schemas']['Settings'];

/**
 * docs/admin-contract.md (and issue 21's notification kinds): every switch on except the private
 * account. Used until the server answers.
 */
export const DEFAULT_SETTINGS: Settings = {
  pushNotifications: true,
  voiceMessageNotifications: true,
  chatMessageNotifications: true,
  privateAccount: false,
  voiceReactionsPrivacy: true,
  share3dContent: true,
  aiMoodDetection: true,
  voiceAutoTranscription: true,
  highQuality3d: true,
  darkTheme: true,
  autoPlayVideos: true,
  soundEffects: true,
  // Issue 21: which kinds of notification are made at all.
  likeNotifications: true,
  commentNotifications: true,
  mentionNotifications: true,
  followNotifications: true,
  // Issue 22: your reads shown to the others, theirs to you.
  readReceipts: true,
};

/**
 * The settings query. Refetched on focus like the session, so a change made on another device
 * shows up when the user comes back to this one.
 */
export function useSettings() {
  return useQuery<Settings>({
    queryKey: settingsQueryKey,
    queryFn: getQueryFn<Settings>({ on401: 'throw' }),
    staleTime: 30_000,
    refetchOnWindowFocus: 'always',
  });
}

/** The settings in effect: the cached answer, else the defaults (not loaded yet, or failed). */
export function useEffectiveSettings(): Settings {
  return useSettings().data ?? DEFAULT_SETTINGS;
}

/** The same outside React (a socket handler, the call controller), read at the moment of use. */
export function readSettings(queryClient: QueryClient): Settings {
  return queryClient.getQueryData<Settings>(settingsQueryKey) ?? DEFAULT_SETTINGS;
}

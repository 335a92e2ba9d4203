//! Keys of the settings screen's calls. Each starts with its endpoint's path under /api/user/,
//! which the screen's unauthorised redirect watches (hooks/use-unauthorized-redirect.ts); the
//! settings query and its update share `settingsQueryKey` (lib/query-keys.ts: every feature
//! reads the settings).
import { settingsQueryKey } from '@/lib/query-keys';

export const settingsKeys = {
  settings: settingsQueryKey,
  /** Whether this server transcribes voice (issue 47): what 'Voice Auto-transcription' says. */
  transcription: () => ['/api/user/settings/transcription'] as const,
  changePassword: () => ['/api/user/password'] as const,
  exportData: () => ['/api/user/export'] as const,
  deactivate: () => ['/api/user/deactivate'] as const,
  changeEmail: () => ['/api/user/email'] as const,
  /** Where you're signed in; ending one or all others refreshes it. */
  sessions: () => ['/api/user/sessions'] as const,
  twoFactorSetup: () => ['/api/user/2fa/setup'] as const,
  twoFactorEnable: () => ['/api/user/2fa/enable'] as const,
  twoFactorDisable: () => ['/api/user/2fa/disable'] as const,
};

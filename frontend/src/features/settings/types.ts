//! The settings and account shapes: short names for the server's OpenAPI document
//! (api.gen.ts); nothing here is written by hand (Settings lives in lib/settings.ts).
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

export type { Settings } from '@/lib/settings';
/** POST /api/user/password. */
export type PasswordChange = Schemas['PasswordChange'];
/** POST /api/user/deactivate. */
export type Deactivation = Schemas['Deactivation'];
/** The `{message}` answer of the password change and the deactivation. */
export type MessageResponse = Schemas['AccountMessage'];
/** GET /api/user/sessions: one place the account is signed in (issue 41). */
export type SignedInSession = Schemas['SignedInSession'];
/** DELETE /api/user/sessions: how many other sessions ended. */
export type SessionsEnded = Schemas['SessionsEnded'];
/** POST /api/user/2fa/setup: the pending secret and its otpauth:// URI. */
export type TwoFactorSetup = Schemas['TwoFactorSetup'];
/** POST /api/user/2fa/enable: the ten recovery codes, shown once. */
export type RecoveryCodes = Schemas['RecoveryCodes'];
/** GET /api/user/settings/transcription (issue 47): whether this server transcribes voice. */
export type Transcription = Schemas['Transcription'];

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

//! The sign-in, reset and verification shapes (issue 41): short names for the server's OpenAPI
//! document (api.gen.ts).
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** The 202 of a sign-in with two-factor on: send a code with `challenge` next. */
export type TwoFactorChallenge = Schemas['TwoFactorChallenge'];
/** The `{message}` of the reset request and the resend. */
export type AccountMessage = Schemas['AccountMessage'];
/** The answer of a verified email link. */
export type VerifiedEmail = Schemas['VerifiedEmail'];

//! The settings and account shapes of docs/admin-contract.md, under the contract's names. When the
//! server's OpenAPI document has them, each becomes `components['schemas'][name]` from
//! '@/types/api.gen' (Settings in lib/settings.ts likewise).
export type { Settings } from '@/lib/settings';

/** POST /api/user/password. */
export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** POST /api/user/deactivate. */
export interface Deactivation {
  password: string;
}

/** The `{message}` answer of the password change and the deactivation. */
export interface MessageResponse {
  message: string;
}

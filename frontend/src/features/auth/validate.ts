//! The auth form's checks, in the spec's order; the first failing rule wins.
//! Pure, so the order is tested without rendering anything.

export type AuthMode = 'sign-up' | 'sign-in';

export interface AuthFormValues {
  username: string;
  email: string;
  password: string;
  /** Sign-up only. */
  confirmPassword?: string;
  /** Sign-up only; optional. */
  displayName?: string;
}

export interface LoginPayload {
  username: string;
  email: string;
  password: string;
}

export interface RegisterPayload extends LoginPayload {
  displayName: string;
}

export const MIN_PASSWORD_LENGTH = 6;

export const AUTH_MESSAGES = {
  required: 'Please fill in all required fields',
  mismatch: 'Passwords do not match',
  tooShort: 'Password must be at least 6 characters long',
  badEmail: 'Please enter a valid email address',
} as const;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type AuthValidation =
  | { ok: false; message: string }
  | { ok: true; mode: 'sign-in'; payload: LoginPayload }
  | { ok: true; mode: 'sign-up'; payload: RegisterPayload };

/**
 * Checks the form and, when it passes, returns the body to send. Every value is trimmed
 * (passwords too, so sign-up and sign-in treat stray spaces the same way); an empty display
 * name falls back to the username.
 */
export function validateAuthForm(mode: AuthMode, values: AuthFormValues): AuthValidation {
  const username = values.username.trim();
  const email = values.email.trim();
  const password = values.password.trim();

  if (!username || !email || !password) return { ok: false, message: AUTH_MESSAGES.required };

  if (mode === 'sign-up') {
    const confirmPassword = (values.confirmPassword ?? '').trim();
    if (password !== confirmPassword) return { ok: false, message: AUTH_MESSAGES.mismatch };
    if (password.length < MIN_PASSWORD_LENGTH) return { ok: false, message: AUTH_MESSAGES.tooShort };
  }

  if (!EMAIL_SHAPE.test(email)) return { ok: false, message: AUTH_MESSAGES.badEmail };

  if (mode === 'sign-in') return { ok: true, mode, payload: { username, email, password } };
  const displayName = (values.displayName ?? '').trim() || username;
  return { ok: true, mode, payload: { username, email, password, displayName } };
}

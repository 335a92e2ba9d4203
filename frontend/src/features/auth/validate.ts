//! The auth forms' checks, in the spec's order; the first failing rule wins.
//! Pure, so the order is tested without rendering anything.

export type AuthMode = 'sign-up' | 'sign-in';

export interface AuthFormValues {
  /** Sign-up only. */
  username: string;
  /** Sign-up only. */
  email: string;
  /** Sign-in only: the username or the email (issue 41). */
  login?: string;
  password: string;
  /** Sign-up only. */
  confirmPassword?: string;
  /** Sign-up only; optional. */
  displayName?: string;
}

/** POST /api/auth/login: `login` is the username or the email. */
export interface LoginPayload {
  login: string;
  password: string;
}

export interface RegisterPayload {
  username: string;
  email: string;
  password: string;
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

/** The field a refusal is about: its message appears under that field. */
export type AuthField = keyof AuthFormValues;

export type AuthValidation =
  | { ok: false; message: string; field: AuthField }
  | { ok: true; mode: 'sign-in'; payload: LoginPayload }
  | { ok: true; mode: 'sign-up'; payload: RegisterPayload };

/** Whether `email` has the shape name@host.tld. */
export function isEmailShaped(email: string): boolean {
  return EMAIL_SHAPE.test(email);
}

/**
 * A new password's rules (sign-up's, and the reset's, issue 41), on trimmed values: both given,
 * the same, at least 6 characters. The first problem, or null.
 */
export function newPasswordProblem(password: string, confirmPassword: string): string | null {
  const first = password.trim();
  const second = confirmPassword.trim();
  if (!first || !second) return AUTH_MESSAGES.required;
  if (first !== second) return AUTH_MESSAGES.mismatch;
  if (first.length < MIN_PASSWORD_LENGTH) return AUTH_MESSAGES.tooShort;
  return null;
}

/**
 * Checks the form and, when it passes, returns the body to send. Every value is trimmed
 * (passwords too, so sign-up, sign-in and the reset treat stray spaces the same way); an empty
 * display name falls back to the username. Signing in needs the login and the password only.
 */
export function validateAuthForm(mode: AuthMode, values: AuthFormValues): AuthValidation {
  const password = values.password.trim();

  if (mode === 'sign-in') {
    const login = (values.login ?? '').trim();
    if (!login) return { ok: false, message: AUTH_MESSAGES.required, field: 'login' };
    if (!password) return { ok: false, message: AUTH_MESSAGES.required, field: 'password' };
    return { ok: true, mode, payload: { login, password } };
  }

  const username = values.username.trim();
  const email = values.email.trim();
  const missing = !username ? 'username' : !email ? 'email' : !password ? 'password' : null;
  if (missing) return { ok: false, message: AUTH_MESSAGES.required, field: missing };

  const confirmPassword = (values.confirmPassword ?? '').trim();
  if (password !== confirmPassword) return { ok: false, message: AUTH_MESSAGES.mismatch, field: 'confirmPassword' };
  if (password.length < MIN_PASSWORD_LENGTH) return { ok: false, message: AUTH_MESSAGES.tooShort, field: 'password' };

  if (!isEmailShaped(email)) return { ok: false, message: AUTH_MESSAGES.badEmail, field: 'email' };

  const displayName = (values.displayName ?? '').trim() || username;
  return { ok: true, mode, payload: { username, email, password, displayName } };
}

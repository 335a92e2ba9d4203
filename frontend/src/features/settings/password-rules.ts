//! The change-password form's rules, checked before anything is sent: the register rule for the
//! new password (at least 6 characters, as the server says) and a confirmation that matches.

/** The server's and sign-up's minimum (docs/admin-contract.md). */
export const PASSWORD_MIN = 6;

export interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The first problem with the form, or null when it may be sent. */
export function passwordProblem(form: PasswordForm): string | null {
  if (!form.currentPassword) return 'Current password is required';
  if (form.newPassword.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (form.newPassword !== form.confirmPassword) return 'Passwords do not match';
  return null;
}

//! The settings card's photo check: an image of at most 5 MB, with the
//! settings' own wording.
import { checkImageFile, type FileProblem } from '@/lib/image-file';

export const SETTINGS_PHOTO_MAX_MB = 5;

export function checkSettingsPhoto(file: { type: string; size: number }): FileProblem | null {
  return checkImageFile(file, SETTINGS_PHOTO_MAX_MB, 'Please select a valid image file.');
}

/** The name, else first and last name, else the email. */
export function cardName(user: { displayName?: string | null; firstName?: string | null; lastName?: string | null; email: string }): string {
  const display = user.displayName?.trim();
  if (display) return display;
  const full = [user.firstName, user.lastName].map((part) => part?.trim()).filter(Boolean).join(' ');
  return full || user.email;
}

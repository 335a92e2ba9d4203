//! Checks on a picked image file, shared by the post, story and avatar pickers.

export const MB = 1024 * 1024;

export interface FileProblem {
  title: string;
  description: string;
}

/**
 * Null when `file` is an image of at most `maxMb` megabytes; otherwise the toast to show.
 * `notAnImage` is the screen's own wording for a file of another type (the settings say
 * 'Please select a valid image file.').
 */
export function checkImageFile(
  file: { type: string; size: number },
  maxMb: number,
  notAnImage = 'Please select an image file.',
): FileProblem | null {
  if (!file.type.startsWith('image/')) {
    return { title: 'Invalid file type', description: notAnImage };
  }
  if (file.size > maxMb * MB) {
    return { title: 'File too large', description: `Please select an image smaller than ${maxMb}MB.` };
  }
  return null;
}

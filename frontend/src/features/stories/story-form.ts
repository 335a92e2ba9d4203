//! The create-story form's rule: the content (an image or a URL) is required, and
//! a typed URL must be an http(s) address (the server's rule).
import { imageAddressProblem } from '@/lib/image-address';
import type { CreateStoryRequest } from './types';

export type StoryFormResult = { ok: true; payload: CreateStoryRequest } | { ok: false; message: string };

/** Builds the request body; stories made here are always images (the picker takes images). */
export function validateStoryForm(content: string): StoryFormResult {
  const trimmed = content.trim();
  if (!trimmed) return { ok: false, message: 'Please select an image or enter a URL' };
  const addressProblem = imageAddressProblem(trimmed);
  if (addressProblem) return { ok: false, message: addressProblem };
  return { ok: true, payload: { content: trimmed, type: 'image' } };
}

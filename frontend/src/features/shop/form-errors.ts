//! What a failed request of the seller's forms says: the server's own words for a 4xx (a bad
//! field, a file too large), else a generic line.
import { errorMessage, errorStatus } from '@/lib/api-client';

export function refusal(error: unknown, fallback: string): string {
  const status = errorStatus(error);
  const message = errorMessage(error);
  if (status === 413) return message ?? 'The file must be at most 100 MB';
  if (message && status !== null && status >= 400 && status < 500 && status !== 401) return message;
  return fallback;
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, errorStatus } from '@/lib/api-client';
import type { TagSummary } from '../types';
import { postKeys } from './keys';

/** The tag and its count, or null when no post has it (404 'Tag not found'). */
export async function getTag(tag: string): Promise<TagSummary | null> {
  try {
    const res = await apiRequest('GET', `/api/tags/${encodeURIComponent(tag)}`);
    return (await res.json()) as TagSummary;
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}

export function tagQueryOptions(tag: string) {
  return queryOptions({ queryKey: postKeys.tag(tag), queryFn: () => getTag(tag) });
}

export function useTag(tag: string) {
  return useQuery(tagQueryOptions(tag));
}

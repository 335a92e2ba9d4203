import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPage, pageUrl, type Page } from '@/lib/api-client';
import type { Canvas } from '../types';
import { CANVASES_PAGE_SIZE, canvasKeys } from './keys';

/**
 * GET /api/canvases?limit&before → the rooms you may join, newest first: your own, those you were
 * invited to, and those people you follow opened to followers; `X-Next-Cursor` for older ones.
 */
export function getCanvases(before: string | null = null, limit: number = CANVASES_PAGE_SIZE): Promise<Page<Canvas>> {
  return apiPage<Canvas>(pageUrl('/api/canvases', before, limit));
}

/** The newest page only: home shows the first room and offers the others. */
export function canvasesQueryOptions() {
  return queryOptions({ queryKey: canvasKeys.list(), queryFn: () => getCanvases() });
}

export function useCanvases() {
  return useQuery(canvasesQueryOptions());
}

import { apiRequest } from '@/lib/api-client';
import type { CanvasDetail } from '../types';

/** The most strokes one page holds (the server's default and limit). */
export const STROKES_PAGE_SIZE = 500;

/**
 * GET /api/canvases/{id}?after=&limit= → the room with a page of its live strokes, oldest
 * first, and the `nextCursor` of the page after it (null on the last); 404 for anyone who may
 * not join it. Its query lives in hooks/use-canvas-room.ts: it must be fetched only after the
 * room was joined on the socket, page after page in order, and merged with the strokes relayed
 * meanwhile.
 */
export async function getCanvas(canvasId: number, after?: number | null): Promise<CanvasDetail> {
  const query = new URLSearchParams({ limit: String(STROKES_PAGE_SIZE) });
  if (after != null) query.set('after', String(after));
  const res = await apiRequest('GET', `/api/canvases/${canvasId}?${query.toString()}`);
  return (await res.json()) as CanvasDetail;
}

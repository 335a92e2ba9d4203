import { apiRequest } from '@/lib/api-client';
import type { CanvasDetail } from '../types';

/**
 * GET /api/canvases/{id} → the room with every live stroke, oldest first; 404 for anyone who may
 * not join it. Its query lives in hooks/use-canvas-room.ts: it must be fetched only after the
 * room was joined on the socket, and merged with the strokes relayed meanwhile.
 */
export async function getCanvas(canvasId: number): Promise<CanvasDetail> {
  const res = await apiRequest('GET', `/api/canvases/${canvasId}`);
  return (await res.json()) as CanvasDetail;
}

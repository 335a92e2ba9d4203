import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type Page } from '@/lib/api-client';
import type { Canvas, CanvasDetail } from '../types';
import { canvasKeys } from './keys';

/**
 * POST /api/canvases/{id}/members {userIds} → the room with them in it. The owner's alone, and
 * only people the owner follows may be invited.
 */
export async function inviteMembers(canvasId: number, userIds: number[]): Promise<Canvas> {
  const res = await apiRequest('POST', `/api/canvases/${canvasId}/members`, { userIds });
  return (await res.json()) as Canvas;
}

/** Invites people; the room's cached members (its detail and its list entry) follow. */
export function useInviteMembers(canvasId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: canvasKeys.invite(canvasId),
    mutationFn: (userIds: number[]) => inviteMembers(canvasId, userIds),
    onSuccess: (canvas) => {
      queryClient.setQueryData<CanvasDetail>(canvasKeys.detail(canvasId), (detail) =>
        detail ? { ...detail, members: canvas.members } : detail,
      );
      queryClient.setQueryData<Page<Canvas>>(canvasKeys.list(), (page) =>
        page ? { ...page, items: page.items.map((c) => (c.id === canvas.id ? canvas : c)) } : page,
      );
    },
  });
}

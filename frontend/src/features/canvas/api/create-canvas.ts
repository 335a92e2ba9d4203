import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type Page } from '@/lib/api-client';
import type { Canvas, CanvasVisibility } from '../types';
import { canvasKeys } from './keys';

export const CANVAS_TITLE_MAX_LENGTH = 60;

export interface NewCanvas {
  title: string;
  visibility: CanvasVisibility;
}

/** POST /api/canvases {title (1–60 characters), visibility} → 201 the new room. */
export async function createCanvas(input: NewCanvas): Promise<Canvas> {
  const res = await apiRequest('POST', '/api/canvases', input);
  return (await res.json()) as Canvas;
}

/** Makes a room; it heads the list at once. */
export function useCreateCanvas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: canvasKeys.create(),
    mutationFn: createCanvas,
    onSuccess: (canvas) => {
      queryClient.setQueryData<Page<Canvas>>(canvasKeys.list(), (page) =>
        page ? { ...page, items: [canvas, ...page.items.filter((c) => c.id !== canvas.id)] } : page,
      );
      void queryClient.invalidateQueries({ queryKey: canvasKeys.list() });
    },
  });
}

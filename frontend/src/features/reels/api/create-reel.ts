import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequestFormWithProgress } from '@/lib/api-client';
import type { Reel } from '../types';
import { reelKeys } from './keys';

export interface NewReel {
  video: File;
  caption: string;
  /** A frame the browser captured (JPEG), used when the server has no ffmpeg. */
  poster: Blob | null;
}

/** The multipart form of a new reel (`video`, `caption`, `poster`), as a reel draft's too. */
export function reelForm({ video, caption, poster }: NewReel): FormData {
  const form = new FormData();
  form.append('video', video, video.name);
  if (caption.trim()) form.append('caption', caption);
  if (poster) form.append('poster', poster, 'poster.jpg');
  return form;
}

/** POST /api/reels (multipart `video`, `caption`, `poster`) → 201 the reel; `onProgress` follows the upload. */
export function createReel(reel: NewReel, onProgress: (fraction: number) => void = () => {}): Promise<Reel> {
  return apiRequestFormWithProgress<Reel>('POST', '/api/reels', reelForm(reel), onProgress);
}

/** Posts a reel with its upload progress; on success every reel list is refetched. */
export function useCreateReel() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationKey: reelKeys.create(),
    mutationFn: (reel: NewReel) => {
      setProgress(0);
      return createReel(reel, setProgress);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reelKeys.all }),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

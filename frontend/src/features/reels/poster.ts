//! A poster for a reel the browser uploads: the frame the preview <video> shows, drawn on a
//! canvas and encoded as JPEG. The server uses it only when it has no ffmpeg of its own.

/** Longest side of the captured poster, in pixels. */
export const POSTER_MAX_SIDE = 720;

/** The frame `video` shows, as a JPEG of at most 720 px a side; null when there is no frame yet or no canvas. */
export function captureFrame(video: HTMLVideoElement, maxSide = POSTER_MAX_SIDE): Promise<Blob | null> {
  const { videoWidth, videoHeight } = video;
  if (!videoWidth || !videoHeight || video.readyState < 2) return Promise.resolve(null);
  const scale = Math.min(1, maxSide / Math.max(videoWidth, videoHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(videoWidth * scale);
  canvas.height = Math.round(videoHeight * scale);
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  try {
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
  } catch {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), 'image/jpeg', 0.85));
}

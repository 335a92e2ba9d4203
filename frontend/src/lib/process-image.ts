//! A picked post or story image is redrawn at most 1600 px wide as a JPEG of
//! quality 0.85 and kept as an inline data URL (the server re-encodes it again and strips metadata).

export const MAX_IMAGE_WIDTH = 1600;
export const JPEG_QUALITY = 0.85;

/** The size to draw at: the original, or scaled down to `maxWidth` keeping the aspect ratio. */
export function fitWidth(width: number, height: number, maxWidth = MAX_IMAGE_WIDTH) {
  if (width <= maxWidth) return { width, height };
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The image could not be decoded'));
    img.src = src;
  });
}

/** Reads, scales and re-encodes `file`; rejects when the browser cannot decode or draw it. */
export async function imageFileToDataUrl(file: Blob): Promise<string> {
  const objectUrl = URL.createObjectURL(file);
  try {
    const img = await loadImage(objectUrl);
    const { width, height } = fitWidth(img.naturalWidth, img.naturalHeight);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    // JPEG has no alpha: paint transparent pixels white rather than black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(img, 0, 0, width, height);
    const dataUrl = canvas.toDataURL('image/jpeg', JPEG_QUALITY);
    if (!dataUrl.startsWith('data:image/')) throw new Error('The canvas produced no image');
    return dataUrl;
  } finally {
    URL.revokeObjectURL(objectUrl);
  }
}

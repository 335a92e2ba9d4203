//! The app's icons, drawn in code so no binary is ever committed: the favicon's fuchsia → indigo
//! square with a white geometric 'A' (two strokes and a bar), encoded as PNG with pngjs.
//! vite.config.ts emits them into every build (and serves them in development); run
//! `node scripts/icons.mjs some/dir` to look at them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';

/** Where each icon lands in the build, its size, and its shape. */
export const ICONS = [
  // Transparent corners: the launcher shows the rounded square as it is.
  { file: 'icons/icon-192.png', size: 192, kind: 'any' },
  { file: 'icons/icon-512.png', size: 512, kind: 'any' },
  // Full bleed, the mark inside the central 80 % circle that every mask keeps.
  { file: 'icons/icon-maskable-512.png', size: 512, kind: 'maskable' },
  // iOS rounds the corners itself and shows transparency as black: full bleed too.
  { file: 'icons/apple-touch-icon.png', size: 180, kind: 'maskable' },
];

const FROM = [0xd9, 0x46, 0xef]; // fuchsia-500, the favicon's first stop
const TO = [0x63, 0x66, 0xf1]; // indigo-500, its last

/** The 'A': segments in a unit box centred on 0 (y grows downwards), stroked with round caps. */
const STROKES = [
  [0, -0.72, -0.58, 0.7],
  [0, -0.72, 0.58, 0.7],
  [-0.3, 0.22, 0.3, 0.22],
];
const HALF_WIDTH = 0.12;

function distanceToSegment(px, py, [ax, ay, bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/** Signed distance to a rounded square of half-side `half` and corner radius `r`, centred on 0. */
function distanceToRoundedSquare(px, py, half, r) {
  const qx = Math.abs(px) - half + r;
  const qy = Math.abs(py) - half + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

/**
 * One icon as PNG bytes. Coordinates run over [-1, 1]; each pixel averages 4×4 samples, so the
 * edges are smooth at every size.
 */
export function drawIcon({ size, kind }) {
  const png = new PNG({ width: size, height: size });
  const markScale = kind === 'maskable' ? 0.5 : 0.62;
  const n = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let cover = 0;
      let mark = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const px = ((x + (sx + 0.5) / n) / size) * 2 - 1;
          const py = ((y + (sy + 0.5) / n) / size) * 2 - 1;
          const inside = kind === 'maskable' || distanceToRoundedSquare(px, py, 1, 0.5) <= 0;
          if (!inside) continue;
          cover++;
          if (STROKES.some((s) => distanceToSegment(px / markScale, py / markScale, s) <= HALF_WIDTH)) mark++;
        }
      }
      const alpha = cover / (n * n);
      const white = cover ? mark / cover : 0;
      const t = (x + y) / (2 * (size - 1)); // the favicon's diagonal gradient
      const i = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) {
        const ground = FROM[c] + (TO[c] - FROM[c]) * t;
        png.data[i + c] = Math.round(ground + (255 - ground) * white);
      }
      png.data[i + 3] = Math.round(alpha * 255);
    }
  }
  return PNG.sync.write(png);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const out = process.argv[2] ?? 'icons-preview';
  for (const icon of ICONS) {
    const path = join(out, icon.file);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, drawIcon(icon));
    console.log(`${path} (${icon.size}×${icon.size}, ${icon.kind})`);
  }
}

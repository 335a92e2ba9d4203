//! The picture as data (issue 25): the spec's brush constants, strokes split to the server's
//! limit, the room's drawing events applied to a canvas's strokes (merged by stroke id, so a
//! relayed stroke the fetch also returned is drawn once), and strokes painted onto a 2D context
//! at any size, for the room and for the PNG that Share posts.
import type { CanvasDetail, CanvasDrawingEvent, CanvasStroke } from './types';

/** The room's canvas on home: 400×300; the full-screen page draws at twice that. */
export const CANVAS_WIDTH = 400;
export const CANVAS_HEIGHT = 300;
/** Share's picture: white, 800×600. */
export const SNAPSHOT_WIDTH = 800;
export const SNAPSHOT_HEIGHT = 600;
/** Brush 1–20 px (default 5) on the 400 px canvas: a stroke's `width` is in those pixels. */
export const BRUSH_MIN = 1;
export const BRUSH_MAX = 20;
export const BRUSH_DEFAULT = 5;
/** The server keeps strokes of 2–2000 points; a longer gesture is sent as several strokes. */
export const STROKE_MAX_POINTS = 2000;
/** Points closer than this (a fraction of the width, ~0.4 px at 400 px) to the last one add nothing. */
export const POINT_MIN_STEP = 0.001;
/** The server relays at most 20 cursor frames a second per user: send ~15. */
export const CURSOR_INTERVAL_MS = 67;

export const BRUSH_COLORS = [
  { name: 'Red', value: '#ef4444' },
  { name: 'Orange', value: '#f97316' },
  { name: 'Yellow', value: '#facc15' },
  { name: 'Green', value: '#22c55e' },
  { name: 'Blue', value: '#3b82f6' },
  { name: 'Purple', value: '#a855f7' },
  { name: 'Black', value: '#18181b' },
] as const;

export type Point = [number, number];

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A point in normalised coordinates, kept inside the canvas and rounded to 4 decimals (0.04 px at 400 px). */
export function normalise(x: number, y: number): Point {
  const round = (v: number) => Math.round(clamp(v, 0, 1) * 10_000) / 10_000;
  return [round(x), round(y)];
}

/** Whether `next` is far enough from `last` to be worth a point. */
export function farEnough(last: Point | undefined, next: Point): boolean {
  return !last || Math.hypot(next[0] - last[0], next[1] - last[1]) >= POINT_MIN_STEP;
}

/**
 * A gesture's points as the server takes them: a tap (one point) becomes a 2-point dot, and
 * more than 2000 points become several pieces, each starting where the last ended so the line
 * stays unbroken.
 */
export function splitPoints(points: readonly Point[], max: number = STROKE_MAX_POINTS): Point[][] {
  if (points.length === 0) return [];
  if (points.length === 1) return [[points[0], points[0]]];
  const pieces: Point[][] = [];
  for (let start = 0; start < points.length - 1; start += max - 1) {
    pieces.push(points.slice(start, start + max));
  }
  return pieces;
}

/** `strokes` with `stroke` appended, unless one with its id is already there. */
export function addStroke(strokes: readonly CanvasStroke[], stroke: CanvasStroke): CanvasStroke[] {
  return strokes.some((s) => s.id === stroke.id) ? [...strokes] : [...strokes, stroke];
}

/** A room's strokes after a drawing event. */
export function applyDrawingEvent(detail: CanvasDetail, event: CanvasDrawingEvent): CanvasDetail {
  switch (event.type) {
    case 'canvasStroke':
      return { ...detail, strokes: addStroke(detail.strokes, event.stroke) };
    case 'canvasUndo':
      return { ...detail, strokes: detail.strokes.filter((s) => s.id !== event.strokeId) };
    case 'canvasCleared':
      return { ...detail, strokes: [] };
  }
}

/**
 * The picture so far with the next page of it: its strokes come after those already loaded
 * (each once, by id), and its cursor says where the page after it starts.
 */
export function appendPage(loaded: CanvasDetail, page: CanvasDetail): CanvasDetail {
  const known = new Set(loaded.strokes.map((s) => s.id));
  return {
    ...page,
    strokes: [...loaded.strokes, ...page.strokes.filter((s) => !known.has(s.id))],
  };
}

/** The session user's newest stroke still on the canvas, the one Undo takes away. */
export function lastStrokeOf(strokes: readonly CanvasStroke[], userId: number): CanvasStroke | undefined {
  return strokes.findLast((s) => s.userId === userId);
}

/** Strokes as they are drawn: a polyline with round ends, or a dot when all its points coincide. */
export type Drawable = Pick<CanvasStroke, 'color' | 'width' | 'points'>;

/**
 * Paints `strokes` onto `ctx`, a canvas of `width`×`height` pixels: points are scaled to it and
 * line widths too (a stroke's width is in pixels of the 400 px canvas).
 */
export function paintStrokes(ctx: CanvasRenderingContext2D, strokes: readonly Drawable[], width: number, height: number): void {
  const scale = width / CANVAS_WIDTH;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const stroke of strokes) {
    const [first, ...rest] = stroke.points;
    if (!first) continue;
    const lineWidth = stroke.width * scale;
    if (rest.every(([x, y]) => x === first[0] && y === first[1])) {
      ctx.fillStyle = stroke.color;
      ctx.beginPath();
      ctx.arc(first[0] * width, first[1] * height, lineWidth / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    ctx.strokeStyle = stroke.color;
    ctx.lineWidth = lineWidth;
    ctx.beginPath();
    ctx.moveTo(first[0] * width, first[1] * height);
    for (const [x, y] of rest) ctx.lineTo(x * width, y * height);
    ctx.stroke();
  }
}

/** Share's picture: the strokes on white at 800×600, as a PNG data URL. */
export function renderSnapshot(strokes: readonly Drawable[]): string {
  const canvas = document.createElement('canvas');
  canvas.width = SNAPSHOT_WIDTH;
  canvas.height = SNAPSHOT_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, SNAPSHOT_WIDTH, SNAPSHOT_HEIGHT);
    paintStrokes(ctx, strokes, SNAPSHOT_WIDTH, SNAPSHOT_HEIGHT);
  }
  return canvas.toDataURL('image/png');
}

/** A cursor's colour: one of a few bright tints, the same for a person everywhere. */
const CURSOR_COLORS = ['#22d3ee', '#facc15', '#4ade80', '#f472b6', '#fb923c', '#a78bfa'] as const;
export function cursorColor(userId: number): string {
  return CURSOR_COLORS[Math.abs(userId) % CURSOR_COLORS.length];
}

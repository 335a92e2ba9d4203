import { describe, expect, it } from 'vitest';
import { aCanvasDetail, aStroke } from '@/test/canvas';
import { appendPage, applyDrawingEvent, farEnough, lastStrokeOf, normalise, splitPoints, type Point } from './strokes';

describe('splitPoints', () => {
  it('makes a tap a two-point dot', () => {
    expect(splitPoints([[0.2, 0.3]])).toEqual([[[0.2, 0.3], [0.2, 0.3]]]);
  });

  it('keeps a gesture of up to 2000 points whole', () => {
    const points = Array.from({ length: 2000 }, (_, i): Point => [i / 2000, 0.5]);
    expect(splitPoints(points)).toEqual([points]);
  });

  it('splits a longer one into pieces of at most 2000 that join up', () => {
    const points = Array.from({ length: 4500 }, (_, i): Point => [i / 4500, 0.5]);
    const pieces = splitPoints(points);
    expect(pieces.map((p) => p.length)).toEqual([2000, 2000, 502]);
    expect(pieces[1][0]).toEqual(pieces[0].at(-1));
    expect(pieces[2][0]).toEqual(pieces[1].at(-1));
    expect(pieces[2].at(-1)).toEqual(points.at(-1));
  });
});

describe('applyDrawingEvent', () => {
  const detail = aCanvasDetail({ strokes: [aStroke({ id: 'a' })] });

  it('adds a stroke once, however often it is relayed', () => {
    const event = { type: 'canvasStroke', canvasId: 1, userId: 2, stroke: aStroke({ id: 'b' }) } as const;
    const twice = applyDrawingEvent(applyDrawingEvent(detail, event), event);
    expect(twice.strokes.map((s) => s.id)).toEqual(['a', 'b']);
    const echo = applyDrawingEvent(detail, { ...event, stroke: aStroke({ id: 'a' }) });
    expect(echo.strokes.map((s) => s.id)).toEqual(['a']);
  });

  it('removes an undone stroke and empties on a clear', () => {
    expect(applyDrawingEvent(detail, { type: 'canvasUndo', canvasId: 1, strokeId: 'a' }).strokes).toEqual([]);
    expect(applyDrawingEvent(detail, { type: 'canvasCleared', canvasId: 1 }).strokes).toEqual([]);
  });
});

describe('the points of a gesture', () => {
  it('are kept inside the canvas, to 4 decimals', () => {
    expect(normalise(-0.2, 1.4)).toEqual([0, 1]);
    expect(normalise(1 / 3, 2 / 3)).toEqual([0.3333, 0.6667]);
  });

  it('skip moves too small to show', () => {
    expect(farEnough(undefined, [0, 0])).toBe(true);
    expect(farEnough([0.5, 0.5], [0.5004, 0.5])).toBe(false);
    expect(farEnough([0.5, 0.5], [0.502, 0.5])).toBe(true);
  });

  it("find your newest stroke for Undo, not another's", () => {
    const strokes = [aStroke({ id: 'mine', userId: 1 }), aStroke({ id: 'mine-too', userId: 1 }), aStroke({ id: 'leos', userId: 2 })];
    expect(lastStrokeOf(strokes, 1)?.id).toBe('mine-too');
    expect(lastStrokeOf(strokes, 3)).toBeUndefined();
  });
});

describe('appendPage', () => {
  it('puts the next page after what is loaded, each stroke once, and takes its cursor', () => {
    const loaded = aCanvasDetail({ strokes: [aStroke({ id: 'a' }), aStroke({ id: 'b' })], nextCursor: 2 });
    const page = aCanvasDetail({ strokes: [aStroke({ id: 'b' }), aStroke({ id: 'c' })], nextCursor: null });
    const next = appendPage(loaded, page);
    expect(next.strokes.map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(next.nextCursor).toBeNull();
  });
});

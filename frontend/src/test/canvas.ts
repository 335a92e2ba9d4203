//! Fixtures of the canvas rooms (issue 25), and a 2D context stand-in that records what is painted.
import { vi } from 'vitest';
import type { Canvas, CanvasDetail, CanvasPerson, CanvasStroke } from '@/features/canvas/types';
import { me } from './render';

export const mePerson: CanvasPerson = { id: me.id, username: me.username, displayName: me.displayName, profileImageUrl: null };
export const leoPerson: CanvasPerson = { id: 2, username: 'leo', displayName: 'Leo Park', profileImageUrl: null };
export const anaPerson: CanvasPerson = { id: 3, username: 'ana', displayName: 'Ana Silva', profileImageUrl: null };

export function aCanvas(overrides: Partial<Canvas> = {}): Canvas {
  return {
    id: 1,
    title: 'Sunset jam',
    owner: mePerson,
    visibility: 'followers',
    members: [],
    createdAt: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}

export function aCanvasDetail(overrides: Partial<CanvasDetail> = {}): CanvasDetail {
  return { ...aCanvas(), strokes: [], nextCursor: null, ...overrides };
}

export function aStroke(overrides: Partial<CanvasStroke> = {}): CanvasStroke {
  return {
    id: 'stroke-1',
    userId: leoPerson.id,
    color: '#3b82f6',
    width: 5,
    points: [
      [0.1, 0.1],
      [0.5, 0.5],
    ],
    createdAt: '2026-03-01T10:01:00Z',
    ...overrides,
  };
}

/** A 2D context whose painting calls are spies (jsdom has no canvas). */
export function fakeContext() {
  return {
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(),
    arc: vi.fn(),
    fill: vi.fn(),
    fillRect: vi.fn(),
    clearRect: vi.fn(),
    strokeStyle: '',
    fillStyle: '',
    lineWidth: 0,
    lineCap: '',
    lineJoin: '',
  };
}
export type FakeContext = ReturnType<typeof fakeContext>;

/** Every canvas's getContext('2d') answers `ctx` until the returned function puts jsdom's back. */
export function stubCanvasContext(ctx: FakeContext): () => void {
  const original = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = (() => ctx) as unknown as HTMLCanvasElement['getContext'];
  return () => {
    HTMLCanvasElement.prototype.getContext = original;
  };
}

/** How many lines were painted since the canvas was last cleared (one per stroke). */
export function strokesPainted(ctx: FakeContext): number {
  const clears = ctx.clearRect.mock.invocationCallOrder;
  const since = clears.length ? clears[clears.length - 1] : 0;
  return ctx.stroke.mock.invocationCallOrder.filter((order) => order > since).length;
}

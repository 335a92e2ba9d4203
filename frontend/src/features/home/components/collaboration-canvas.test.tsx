import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CollaborationCanvas } from './collaboration-canvas';

function fakeContext() {
  return {
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(),
    clearRect: vi.fn(),
    strokeStyle: '',
    lineWidth: 0,
    lineCap: '',
    lineJoin: '',
  };
}

let ctx: ReturnType<typeof fakeContext>;
const originalGetContext = HTMLCanvasElement.prototype.getContext;
beforeEach(() => {
  ctx = fakeContext();
  HTMLCanvasElement.prototype.getContext = (() => ctx) as unknown as HTMLCanvasElement['getContext'];
});
afterEach(() => {
  HTMLCanvasElement.prototype.getContext = originalGetContext;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function start() {
  render(<CollaborationCanvas />);
  fireEvent.click(screen.getByRole('button', { name: 'Start Collaborating' }));
  return screen.getByLabelText('Collaboration canvas') as HTMLCanvasElement;
}

describe('CollaborationCanvas', () => {
  it('is off at first, with a start button', () => {
    render(<CollaborationCanvas />);
    expect(screen.getByRole('switch', { name: 'Live collaboration' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('button', { name: 'Start Collaborating' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Collaboration canvas')).not.toBeInTheDocument();
  });

  it('active: a 400×300 canvas, 4 artists online, brush 5 px, red, the AI hint', () => {
    const canvas = start();
    expect(screen.getByRole('switch', { name: 'Live collaboration' })).toHaveAttribute('aria-checked', 'true');
    expect(canvas.width).toBe(400);
    expect(canvas.height).toBe(300);
    expect(screen.getByText('4 artists online')).toBeInTheDocument();
    expect(screen.getAllByTestId('collaborator-cursor')).toHaveLength(3);
    expect(screen.getByRole('slider', { name: 'Brush size' })).toHaveValue('5');
    expect(screen.getByText('5px')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Red' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/^AI suggests/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('keeps the brush between 1 and 20 px', () => {
    start();
    const slider = screen.getByRole('slider', { name: 'Brush size' });
    expect(slider).toHaveAttribute('min', '1');
    expect(slider).toHaveAttribute('max', '20');
    fireEvent.change(slider, { target: { value: '20' } });
    expect(screen.getByText('20px')).toBeInTheDocument();
    fireEvent.change(slider, { target: { value: '50' } });
    expect(screen.getByText('20px')).toBeInTheDocument();
    fireEvent.change(slider, { target: { value: '0' } });
    expect(screen.getByText('1px')).toBeInTheDocument();
  });

  it('draws in canvas coordinates with the chosen colour and size, however wide the canvas is shown', () => {
    const canvas = start();
    vi.spyOn(canvas, 'getBoundingClientRect').mockReturnValue({
      left: 10, top: 20, width: 200, height: 150, right: 210, bottom: 170, x: 10, y: 20, toJSON: () => ({}),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Blue' }));
    fireEvent.change(screen.getByRole('slider', { name: 'Brush size' }), { target: { value: '12' } });

    fireEvent.pointerDown(canvas, { pointerId: 1, pointerType: 'touch', clientX: 60, clientY: 70 });
    fireEvent.pointerMove(canvas, { pointerId: 1, pointerType: 'touch', clientX: 110, clientY: 95 });
    fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: 'touch', clientX: 110, clientY: 95 });
    fireEvent.pointerMove(canvas, { pointerId: 1, pointerType: 'touch', clientX: 150, clientY: 120 });

    // (60−10)×2 = 100, (70−20)×2 = 100; then (110−10)×2 = 200, (95−20)×2 = 150.
    expect(ctx.lineTo.mock.calls).toEqual([
      [100, 100],
      [200, 150],
    ]);
    expect(ctx.moveTo.mock.calls).toEqual([
      [100, 100],
      [100, 100],
    ]);
    expect(ctx.strokeStyle).toBe('#3b82f6');
    expect(ctx.lineWidth).toBe(12);
  });

  it('clears the drawing', () => {
    start();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(ctx.clearRect).toHaveBeenCalledWith(0, 0, 400, 300);
  });

  it('jitters the collaborator cursors every second', () => {
    vi.useFakeTimers();
    start();
    const positions = () => screen.getAllByTestId('collaborator-cursor').map((c) => `${c.style.left},${c.style.top}`);
    const before = positions();
    act(() => vi.advanceTimersByTime(999));
    expect(positions()).toEqual(before);
    act(() => vi.advanceTimersByTime(1));
    expect(positions()).not.toEqual(before);
  });

  it('turns off with the switch', () => {
    start();
    fireEvent.click(screen.getByRole('switch', { name: 'Live collaboration' }));
    expect(screen.queryByLabelText('Collaboration canvas')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Collaborating' })).toBeInTheDocument();
  });
});

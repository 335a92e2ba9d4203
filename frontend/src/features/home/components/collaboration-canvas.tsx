//! Live Collaboration Canvas (spec 000 §2, §9): an on/off toggle; active, a 400×300 canvas
//! drawn on with the mouse or a finger (pointer events, in canvas coordinates however wide the
//! canvas is shown), brush 1–20 px (default 5), red by default, clear, a share button that does
//! nothing, a fixed 'AI suggests' hint and 3 simulated collaborator cursors that jitter every
//! second. Presentation only: nothing is sent anywhere.
import { Eraser, MousePointer2, Share2, Sparkles, Users } from 'lucide-react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export const CANVAS_WIDTH = 400;
export const CANVAS_HEIGHT = 300;
export const BRUSH_MIN = 1;
export const BRUSH_MAX = 20;
export const BRUSH_DEFAULT = 5;
export const CURSOR_JITTER_MS = 1000;
/** How far (in percent of the canvas) a simulated cursor may move per jitter. */
const JITTER_STEP = 6;

export const BRUSH_COLORS = [
  { name: 'Red', value: '#ef4444' },
  { name: 'Orange', value: '#f97316' },
  { name: 'Yellow', value: '#facc15' },
  { name: 'Green', value: '#22c55e' },
  { name: 'Blue', value: '#3b82f6' },
  { name: 'Purple', value: '#a855f7' },
  { name: 'Black', value: '#18181b' },
] as const;

export const AI_SUGGESTION = 'AI suggests: Try adding warm highlights to balance the cool tones';

interface Cursor {
  name: string;
  color: string;
  x: number;
  y: number;
}

const INITIAL_COLLABORATORS: readonly Cursor[] = [
  { name: 'Aria', color: '#22d3ee', x: 22, y: 30 },
  { name: 'Kenji', color: '#facc15', x: 62, y: 58 },
  { name: 'Lena', color: '#4ade80', x: 40, y: 78 },
];

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function jitter(cursor: Cursor): Cursor {
  const step = () => (Math.random() * 2 - 1) * JITTER_STEP;
  return { ...cursor, x: clamp(cursor.x + step(), 4, 90), y: clamp(cursor.y + step(), 4, 90) };
}

export function CollaborationCanvas() {
  const [active, setActive] = useState(false);

  return (
    <section aria-labelledby="canvas-heading" className="space-y-3 rounded-2xl border border-white/10 bg-zinc-900/60 p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="canvas-heading" className="text-lg font-semibold text-white">
          Live Collaboration Canvas
        </h2>
        <button
          type="button"
          role="switch"
          aria-checked={active}
          aria-label="Live collaboration"
          onClick={() => setActive((on) => !on)}
          className="grid min-h-11 shrink-0 place-items-center"
        >
          <span
            aria-hidden="true"
            className={cn('flex h-7 w-12 items-center rounded-full p-1 transition', active ? 'bg-fuchsia-500' : 'bg-zinc-700')}
          >
            <span className={cn('size-5 rounded-full bg-white shadow transition', active && 'translate-x-5')} />
          </span>
        </button>
      </div>
      {active ? (
        <ActiveCanvas />
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-zinc-400">Draw together with other artists in real time.</p>
          <Button onClick={() => setActive(true)} className="w-full">
            Start Collaborating
          </Button>
        </div>
      )}
    </section>
  );
}

function ActiveCanvas() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [brushSize, setBrushSize] = useState(BRUSH_DEFAULT);
  const [color, setColor] = useState<string>(BRUSH_COLORS[0].value);
  const [collaborators, setCollaborators] = useState<readonly Cursor[]>(INITIAL_COLLABORATORS);

  useEffect(() => {
    const timer = setInterval(() => setCollaborators((cursors) => cursors.map(jitter)), CURSOR_JITTER_MS);
    return () => clearInterval(timer);
  }, []);

  /** The pointer's position in canvas pixels (the canvas is scaled down to fit a phone). */
  const toCanvas = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const scaleX = rect.width ? CANVAS_WIDTH / rect.width : 1;
    const scaleY = rect.height ? CANVAS_HEIGHT / rect.height : 1;
    return { x: (event.clientX - rect.left) * scaleX, y: (event.clientY - rect.top) * scaleY };
  };

  const strokeTo = (to: { x: number; y: number }) => {
    const ctx = canvasRef.current?.getContext('2d');
    const from = last.current ?? to;
    last.current = to;
    if (!ctx) return;
    ctx.strokeStyle = color;
    ctx.lineWidth = brushSize;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    try {
      // Keeps the stroke going when a finger or the mouse slides off the canvas edge.
      event.currentTarget.setPointerCapture?.(event.pointerId);
    } catch {
      // A pointer the browser does not track (a synthetic event) cannot be captured; draw anyway.
    }
    last.current = null;
    strokeTo(toCanvas(event));
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (last.current) strokeTo(toCanvas(event));
  };
  const endStroke = () => {
    last.current = null;
  };

  const clear = () => {
    canvasRef.current?.getContext('2d')?.clearRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
  };

  return (
    <div className="space-y-3">
      <p className="flex items-center gap-2 text-sm text-emerald-300">
        <Users aria-hidden="true" className="size-4" />
        <span data-testid="artists-online">{collaborators.length + 1} artists online</span>
      </p>

      <div className="relative mx-auto w-full max-w-[400px] overflow-hidden rounded-xl bg-white">
        <canvas
          ref={canvasRef}
          width={CANVAS_WIDTH}
          height={CANVAS_HEIGHT}
          aria-label="Collaboration canvas"
          className="block aspect-[4/3] w-full cursor-crosshair touch-none"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endStroke}
          onPointerCancel={endStroke}
          onLostPointerCapture={endStroke}
        />
        {collaborators.map((cursor) => (
          <div
            key={cursor.name}
            aria-hidden="true"
            data-testid="collaborator-cursor"
            className="pointer-events-none absolute flex items-start transition-all duration-700 ease-out motion-reduce:transition-none"
            style={{ left: `${cursor.x}%`, top: `${cursor.y}%` }}
          >
            <MousePointer2 className="size-4" style={{ color: cursor.color, fill: cursor.color }} />
            <span className="rounded px-1 text-[10px] font-semibold text-zinc-900" style={{ backgroundColor: cursor.color }}>
              {cursor.name}
            </span>
          </div>
        ))}
      </div>

      <div className="flex items-center gap-3">
        <label htmlFor="brush-size" className="shrink-0 text-sm text-zinc-300">
          Brush size
        </label>
        <input
          id="brush-size"
          type="range"
          min={BRUSH_MIN}
          max={BRUSH_MAX}
          step={1}
          value={brushSize}
          onChange={(event) => setBrushSize(clamp(Number(event.target.value), BRUSH_MIN, BRUSH_MAX))}
          className="min-h-11 w-full min-w-0 accent-fuchsia-500"
        />
        <output htmlFor="brush-size" className="w-10 shrink-0 text-right text-sm text-zinc-300">
          {brushSize}px
        </output>
      </div>

      <div role="group" aria-label="Brush colour" className="flex flex-wrap gap-0.5">
        {BRUSH_COLORS.map(({ name, value }) => (
          <button
            key={value}
            type="button"
            aria-label={name}
            aria-pressed={color === value}
            onClick={() => setColor(value)}
            className="grid size-11 place-items-center rounded-full"
          >
            <span
              aria-hidden="true"
              className={cn('size-7 rounded-full border-2', color === value ? 'border-white' : 'border-white/20')}
              style={{ backgroundColor: value }}
            />
          </button>
        ))}
      </div>

      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={clear}>
          <Eraser aria-hidden="true" className="size-4" />
          Clear
        </Button>
        <Button variant="secondary">
          <Share2 aria-hidden="true" className="size-4" />
          Share
        </Button>
      </div>

      <p className="flex items-start gap-2 rounded-xl bg-fuchsia-500/10 p-3 text-sm text-fuchsia-100">
        <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {AI_SUGGESTION}
      </p>
    </div>
  );
}

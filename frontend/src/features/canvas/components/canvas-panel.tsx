//! Live Collaboration Canvas on home (issue 25): the on/off switch of the spec;
//! on, you are in your newest room (the first of GET /api/canvases, or another you pick), drawing
//! live with whoever else is in it, with a link to it full screen; off, nothing is joined.
//! Without a room, 'Start a canvas' makes one and opens it full screen.
import { Maximize2, Plus, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useCanvases } from '../api/get-canvases';
import type { Canvas } from '../types';
import { CanvasRoom, canvasPath } from './canvas-room';
import { CreateCanvasDialog } from './create-canvas-dialog';
import type { FollowedSearchHook } from './invite-dialog';

export const AI_SUGGESTION = 'AI suggests: Try adding warm highlights to balance the cool tones';

export function CanvasPanel({ meId, useFollowedSearch }: { meId: number; useFollowedSearch: FollowedSearchHook }) {
  const [active, setActive] = useState(false);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const canvases = useCanvases();
  const pickerId = useId();
  const list = canvases.data?.items ?? [];
  const current = list.find((c) => c.id === chosenId) ?? list[0];

  // A new canvas opens full screen (issue 43); back on Home it is the room shown.
  const [, navigate] = useLocation();
  const onCreated = (canvas: Canvas) => {
    setChosenId(canvas.id);
    setActive(true);
    navigate(canvasPath(canvas.id));
  };

  const startButton = (
    <CreateCanvasDialog onCreated={onCreated}>
      <Button className="w-full">
        <Plus aria-hidden="true" className="size-4" />
        Start a canvas
      </Button>
    </CreateCanvasDialog>
  );

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

      {canvases.isPending ? (
        <Skeleton className="h-11 rounded-xl" />
      ) : canvases.isError ? (
        <p className="text-sm text-zinc-400">Could not load your canvases.</p>
      ) : !current ? (
        <div className="space-y-3">
          <p className="text-sm text-zinc-400">Draw together with other artists in real time.</p>
          {startButton}
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            {list.length > 1 ? (
              <div className="flex min-w-0 items-center gap-2">
                <label htmlFor={pickerId} className="shrink-0 text-sm text-zinc-300">
                  Canvas
                </label>
                <select
                  id={pickerId}
                  value={current.id}
                  onChange={(event) => setChosenId(Number(event.target.value))}
                  className="min-h-11 min-w-0 truncate rounded-xl border border-white/10 bg-zinc-900/80 px-2 text-sm text-zinc-50"
                >
                  {list.map((canvas) => (
                    <option key={canvas.id} value={canvas.id}>
                      {canvas.title}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <p className="min-w-0 truncate text-sm font-medium text-white">{current.title}</p>
            )}
            <div className="flex items-center gap-1">
              <Link
                href={canvasPath(current.id)}
                className="inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-sm font-semibold text-fuchsia-300 hover:bg-white/5"
              >
                <Maximize2 aria-hidden="true" className="size-4" />
                Open full screen
              </Link>
              <CreateCanvasDialog onCreated={onCreated}>
                <Button variant="ghost" className="px-2">
                  <Plus aria-hidden="true" className="size-4" />
                  New canvas
                </Button>
              </CreateCanvasDialog>
            </div>
          </div>
          {current.owner.id !== meId && <p className="text-xs text-zinc-400">by {current.owner.displayName}</p>}
          {active ? (
            <CanvasRoom key={current.id} canvasId={current.id} meId={meId} size="panel" useFollowedSearch={useFollowedSearch} />
          ) : (
            <Button onClick={() => setActive(true)} className="w-full">
              Start Collaborating
            </Button>
          )}
        </>
      )}

      {active && current && (
        <p className="flex items-start gap-2 rounded-xl bg-fuchsia-500/10 p-3 text-sm text-fuchsia-100">
          <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {AI_SUGGESTION}
        </p>
      )}
    </section>
  );
}

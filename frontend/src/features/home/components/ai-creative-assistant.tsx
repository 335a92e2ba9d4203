//! AI Creative Assistant: the view-mode selector (flat 2D, 3D, AI emotion), the
//! six moods and the simulated 'Detect Mood' (2 s of 'Analyzing...', then a random one of four).
import { Box, Layers, Sparkles, Wand2, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import {
  MOOD_DETECTION_MS,
  MOODS,
  VIEW_MODES,
  moodById,
  pickDetectedMood,
  type MoodId,
  type ViewMode,
} from '../moods';

const VIEW_MODE_ICONS: Record<ViewMode, LucideIcon> = { flat: Layers, '3d': Box, emotion: Sparkles };

const toggleClass = (pressed: boolean) =>
  cn(
    'min-h-11 rounded-xl border px-3 text-sm font-medium transition',
    pressed ? 'border-fuchsia-400/60 bg-fuchsia-500/20 text-white' : 'border-white/10 bg-white/5 text-zinc-300 hover:bg-white/10',
  );

export function AiCreativeAssistant({
  viewMode,
  onViewModeChange,
  mood,
  onMoodChange,
  flat3dNote = null,
}: {
  viewMode: ViewMode;
  onViewModeChange: (mode: ViewMode) => void;
  mood: MoodId;
  onMoodChange: (mood: MoodId) => void;
  /** Why 3D shows flat cards ('3D Content Quality' off, or reduced motion), said while 3D is chosen. */
  flat3dNote?: string | null;
}) {
  const [analyzing, setAnalyzing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const detectMood = () => {
    setAnalyzing(true);
    timer.current = setTimeout(() => {
      setAnalyzing(false);
      onMoodChange(pickDetectedMood());
    }, MOOD_DETECTION_MS);
  };

  const current = moodById(mood);

  return (
    <section
      aria-labelledby="assistant-heading"
      className={cn(
        'space-y-4 rounded-2xl border border-white/10 bg-zinc-900/60 p-4',
        viewMode === 'emotion' && ['bg-gradient-to-br ring-1 transition-colors', current.tint].join(' '),
      )}
    >
      <h2 id="assistant-heading" className="flex items-center gap-2 text-lg font-semibold text-white">
        <Wand2 aria-hidden="true" className="size-5 text-fuchsia-300" />
        AI Creative Assistant
      </h2>

      <div role="group" aria-label="View mode" className="grid grid-cols-3 gap-2">
        {VIEW_MODES.map(({ id, label }) => {
          const Icon = VIEW_MODE_ICONS[id];
          return (
            <button
              key={id}
              type="button"
              aria-pressed={viewMode === id}
              onClick={() => onViewModeChange(id)}
              className={cn(toggleClass(viewMode === id), 'flex items-center justify-center gap-1 px-1 text-[13px] whitespace-nowrap')}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {label}
            </button>
          );
        })}
      </div>
      {viewMode === '3d' && flat3dNote && (
        <p role="status" className="-mt-2 text-xs text-amber-300">
          {flat3dNote}
        </p>
      )}

      <div className="space-y-2">
        <div className="flex items-center justify-between gap-3">
          <h3 className="text-sm font-semibold text-zinc-200">Current mood</h3>
          <Button variant="secondary" onClick={detectMood} disabled={analyzing} className="min-w-32">
            <Sparkles aria-hidden="true" className={cn('size-4', analyzing && 'animate-pulse')} />
            {analyzing ? 'Analyzing...' : 'Detect Mood'}
          </Button>
        </div>
        <div role="group" aria-label="Mood" className="grid grid-cols-3 gap-2">
          {MOODS.map(({ id, label }) => (
            <button
              key={id}
              type="button"
              aria-pressed={mood === id}
              onClick={() => onMoodChange(id)}
              className={toggleClass(mood === id)}
            >
              {label}
            </button>
          ))}
        </div>
        <p aria-live="polite" data-testid="mood-description" className="text-sm text-zinc-300">
          <span className="font-semibold text-white">{current.label}:</span> {current.description}
        </p>
      </div>
    </section>
  );
}

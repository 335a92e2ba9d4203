//! The AI Creative Assistant's data: view modes, the six moods and the
//! simulated mood detection. Nothing here calls the server.

export type ViewMode = 'flat' | '3d' | 'emotion';

export const VIEW_MODES: ReadonlyArray<{ id: ViewMode; label: string }> = [
  { id: 'flat', label: 'Flat 2D' },
  { id: '3d', label: '3D' },
  { id: 'emotion', label: 'AI Emotion' },
];

export type MoodId = 'creative' | 'inspired' | 'focused' | 'social' | 'learning' | 'chill';

export interface Mood {
  id: MoodId;
  label: string;
  description: string;
  /** Tailwind classes tinting the assistant (and, in AI emotion mode, the gallery) in this mood. */
  tint: string;
}

export const MOODS: readonly Mood[] = [
  { id: 'creative', label: 'Creative', description: 'Ready to create something amazing', tint: 'from-fuchsia-500/25 to-purple-600/10 ring-fuchsia-400/40' },
  { id: 'inspired', label: 'Inspired', description: 'Feeling motivated and energized', tint: 'from-amber-400/25 to-orange-500/10 ring-amber-300/40' },
  { id: 'focused', label: 'Focused', description: 'Deep work and concentration', tint: 'from-sky-500/25 to-blue-600/10 ring-sky-400/40' },
  { id: 'social', label: 'Social', description: 'Connect and collaborate with others', tint: 'from-emerald-500/25 to-green-600/10 ring-emerald-400/40' },
  { id: 'learning', label: 'Learning', description: 'Absorbing new knowledge and skills', tint: 'from-cyan-400/25 to-teal-600/10 ring-cyan-300/40' },
  { id: 'chill', label: 'Chill', description: 'Relaxed browsing and discovery', tint: 'from-indigo-400/25 to-violet-600/10 ring-indigo-300/40' },
];

export const DEFAULT_VIEW_MODE: ViewMode = 'flat';
export const DEFAULT_MOOD: MoodId = 'creative';

/** Detect Mood answers one of these four, never learning or chill. */
export const DETECTABLE_MOODS: readonly MoodId[] = ['creative', 'inspired', 'focused', 'social'];
export const MOOD_DETECTION_MS = 2000;

export function moodById(id: MoodId): Mood {
  return MOODS.find((mood) => mood.id === id) ?? MOODS[0];
}

/** A random detectable mood; `random` is injectable for tests. */
export function pickDetectedMood(random: () => number = Math.random): MoodId {
  const index = Math.min(DETECTABLE_MOODS.length - 1, Math.floor(random() * DETECTABLE_MOODS.length));
  return DETECTABLE_MOODS[index];
}

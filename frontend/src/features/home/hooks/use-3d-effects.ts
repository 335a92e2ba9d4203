//! Whether the 3D view mode's effects run (issue 43): the '3D Content Quality' switch (a stored
//! setting, so it follows the account to every device) and the system's reduced-motion
//! preference (which always wins: tilting follows every pointer move).
import { useMediaQuery } from '@/hooks/use-media-query';
import { useEffectiveSettings } from '@/lib/settings';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Why the 3D view shows flat cards, or null when its effects run. */
export type Flat3dReason = 'setting' | 'reduced-motion' | null;

export function use3dEffects(): { on: boolean; flatBecause: Flat3dReason } {
  const quality = useEffectiveSettings().highQuality3d;
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const flatBecause: Flat3dReason = !quality ? 'setting' : reducedMotion ? 'reduced-motion' : null;
  return { on: flatBecause === null, flatBecause };
}

/** What the assistant says under the view modes while 3D is chosen but shows flat. */
export const FLAT_3D_NOTES: Record<Exclude<Flat3dReason, null>, string> = {
  setting: "3D effects are off: turn on '3D Content Quality' in Settings to tilt and zoom the cards.",
  'reduced-motion': 'Your system asks for reduced motion, so the cards stay flat.',
};

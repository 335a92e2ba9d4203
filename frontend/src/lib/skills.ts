//! The five skills of the skill matcher, shared by profiles and the matcher.
import type { components } from '@/types/api.gen';

export const SKILLS = [
  { id: 'design', name: 'Digital Art' },
  { id: 'code', name: 'Creative Coding' },
  { id: 'music', name: 'Audio Creation' },
  { id: 'photo', name: 'Photography' },
  { id: 'motion', name: 'Motion Graphics' },
] as const satisfies ReadonlyArray<{ id: components['schemas']['Skill']; name: string }>;

/** The display name of a skill id, or the id itself for one we do not know. */
export function skillName(id: string): string {
  return SKILLS.find((skill) => skill.id === id)?.name ?? id;
}

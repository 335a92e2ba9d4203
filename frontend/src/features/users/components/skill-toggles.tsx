//! The five skills as toggles: the profile editor's and the first run's 'What do you make?'.
import { Check } from 'lucide-react';
import { SKILLS } from '@/lib/skills';
import { cn } from '@/lib/utils';

export function SkillToggles({ selected, onToggle }: { selected: readonly string[]; onToggle: (skill: string) => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      {SKILLS.map((skill) => {
        const on = selected.includes(skill.id);
        return (
          <button
            key={skill.id}
            type="button"
            aria-pressed={on}
            onClick={() => onToggle(skill.id)}
            className={cn(
              'inline-flex min-h-11 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition',
              on ? 'border-fuchsia-400/70 bg-fuchsia-500/20 text-white' : 'border-white/10 bg-white/5 text-zinc-300 hover:bg-white/10',
            )}
          >
            {on && <Check aria-hidden="true" className="size-4" />}
            {skill.name}
          </button>
        );
      })}
    </div>
  );
}

/** `skills` with `skill` added or taken away. */
export function toggled(skills: readonly string[], skill: string): string[] {
  return skills.includes(skill) ? skills.filter((s) => s !== skill) : [...skills, skill];
}

/** The chosen skills in the matcher's order, as the server stores them. */
export function inSkillOrder(skills: readonly string[]) {
  return SKILLS.map((s) => s.id).filter((s) => skills.includes(s));
}

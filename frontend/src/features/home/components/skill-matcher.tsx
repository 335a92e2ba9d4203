//! AI Skill Matcher (spec 000 §2, §9): a collapsed 'Skill Networking' card; expanded, the five
//! skills as multi-select toggles and, once one is chosen, three fixed sample matches (95, 88
//! and 72 %). Connect shows 'Connection Initiated' and goes to /chat. Sample data only.
import { ChevronUp, Network, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { SKILLS, skillName } from '@/lib/skills';
import { cn } from '@/lib/utils';

type SkillId = (typeof SKILLS)[number]['id'];

export interface SkillMatch {
  id: number;
  name: string;
  /** No sample picture: the avatar falls back to the name's initial. */
  avatar: string | null;
  skills: ReadonlyArray<{ id: SkillId; level: 'expert' | 'intermediate' }>;
  currentProject: string;
  match: number;
}

export const SAMPLE_MATCHES: readonly SkillMatch[] = [
  {
    id: 1,
    name: 'Aria Chen',
    avatar: null,
    skills: [
      { id: 'design', level: 'expert' },
      { id: 'motion', level: 'intermediate' },
    ],
    currentProject: 'Interactive AR gallery installation',
    match: 95,
  },
  {
    id: 2,
    name: 'Marcus Rivera',
    avatar: null,
    skills: [
      { id: 'code', level: 'expert' },
      { id: 'music', level: 'intermediate' },
    ],
    currentProject: 'Generative music visualizer',
    match: 88,
  },
  {
    id: 3,
    name: 'Sofia Okafor',
    avatar: null,
    skills: [
      { id: 'photo', level: 'expert' },
      { id: 'design', level: 'intermediate' },
    ],
    currentProject: 'Street photography zine',
    match: 72,
  },
];

export function SkillMatcher() {
  const [expanded, setExpanded] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<SkillId>>(new Set());
  const [, navigate] = useLocation();

  const toggle = (id: SkillId) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const connect = (match: SkillMatch) => {
    toast({ title: 'Connection Initiated', description: `Starting a conversation with ${match.name}...` });
    navigate('/chat');
  };

  if (!expanded) {
    return (
      <section aria-labelledby="skill-heading" className="space-y-3 rounded-2xl border border-white/10 bg-zinc-900/60 p-4">
        <div className="flex items-center gap-3">
          <span className="grid size-11 shrink-0 place-items-center rounded-full bg-indigo-500/20 text-indigo-200">
            <Network aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 id="skill-heading" className="font-semibold text-white">
              Skill Networking
            </h2>
            <p className="text-sm text-zinc-400">Find creators whose skills match yours</p>
          </div>
        </div>
        <Button onClick={() => setExpanded(true)} className="w-full">
          Find Matches
        </Button>
      </section>
    );
  }

  return (
    <section aria-labelledby="skill-heading" className="space-y-4 rounded-2xl border border-white/10 bg-zinc-900/60 p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="skill-heading" className="text-lg font-semibold text-white">
          AI Skill Matcher
        </h2>
        <button
          type="button"
          aria-label="Collapse skill matcher"
          onClick={() => setExpanded(false)}
          className="grid size-11 shrink-0 place-items-center rounded-full text-zinc-400 hover:bg-white/5 hover:text-white"
        >
          <ChevronUp aria-hidden="true" className="size-5" />
        </button>
      </div>

      <div role="group" aria-label="Your skills" className="flex flex-wrap gap-2">
        {SKILLS.map(({ id, name }) => {
          const pressed = selected.has(id);
          return (
            <button
              key={id}
              type="button"
              aria-pressed={pressed}
              onClick={() => toggle(id)}
              className={cn(
                'min-h-11 rounded-full border px-4 text-sm font-medium transition',
                pressed ? 'border-indigo-300/60 bg-indigo-500/25 text-white' : 'border-white/10 bg-white/5 text-zinc-300 hover:bg-white/10',
              )}
            >
              {name}
            </button>
          );
        })}
      </div>

      {selected.size === 0 ? (
        <p className="text-sm text-zinc-400">Pick at least one skill to see your matches.</p>
      ) : (
        <ul aria-label="Matches" className="space-y-3">
          {SAMPLE_MATCHES.map((match) => (
            <li key={match.id} className="space-y-3 rounded-xl border border-white/10 bg-white/5 p-3">
              <div className="flex items-center gap-3">
                <Avatar src={match.avatar} name={match.name} className="size-11 text-base" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold text-white">{match.name}</p>
                  <p className="text-xs text-zinc-400">{match.currentProject}</p>
                </div>
                <span className="shrink-0 rounded-full bg-emerald-500/20 px-2 py-1 text-xs font-semibold text-emerald-200">
                  {match.match}% match
                </span>
              </div>
              <ul aria-label={`Skills of ${match.name}`} className="flex flex-wrap gap-1.5">
                {match.skills.map((skill) => (
                  <li key={skill.id} className="rounded-full bg-white/10 px-2 py-0.5 text-xs text-zinc-200">
                    {skillName(skill.id)} · {skill.level}
                  </li>
                ))}
              </ul>
              <Button onClick={() => connect(match)} aria-label={`Connect with ${match.name}`} className="w-full">
                <UserPlus aria-hidden="true" className="size-4" />
                Connect
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

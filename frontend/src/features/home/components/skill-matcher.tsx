//! AI Skill Matcher: a collapsed 'Skill Networking' card; expanded, the five
//! skills as multi-select toggles and, once one is chosen, up to three real creators with those
//! skills (GET /api/users/skill-matches: the people you follow and the newest members, best
//! coverage first). Connect shows 'Connection Initiated' and hands the creator to the page,
//! which starts the conversation and opens it.
import { ChevronUp, Network, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { SKILLS, skillName } from '@/lib/skills';
import { cn } from '@/lib/utils';
import { type SkillMatch, useSkillMatches } from '../api/get-skill-matches';

type SkillId = (typeof SKILLS)[number]['id'];

export interface SkillMatcherProps {
  /** Starts (or reopens) the conversation with the chosen creator. */
  onConnect: (userId: number) => void;
  /** A conversation is being started: Connect waits. */
  connecting?: boolean;
}

export function SkillMatcher({ onConnect, connecting = false }: SkillMatcherProps) {
  const [expanded, setExpanded] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<SkillId>>(new Set());
  const matches = useSkillMatches([...selected]);

  const toggle = (id: SkillId) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const connect = (match: SkillMatch) => {
    toast({ title: 'Connection Initiated', description: `Starting a conversation with ${match.user.displayName}...` });
    onConnect(match.user.id);
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
      ) : matches.isPending ? (
        <div aria-label="Finding matches" className="space-y-3">
          <Skeleton className="h-32 w-full rounded-xl" />
          <Skeleton className="h-32 w-full rounded-xl" />
        </div>
      ) : matches.isError ? (
        <p role="alert" className="text-sm text-red-300">
          Could not load matches. Please try again.
        </p>
      ) : matches.data.length === 0 ? (
        <p className="text-sm text-zinc-400">No creators with these skills yet.</p>
      ) : (
        <ul aria-label="Matches" className="space-y-3">
          {matches.data.map((match) => (
            <li key={match.user.id} className="space-y-3 rounded-xl border border-white/10 bg-white/5 p-3">
              <div className="flex items-center gap-3">
                <Avatar src={match.user.profileImage} name={match.user.displayName} className="size-11 text-base" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold text-white">{match.user.displayName}</p>
                  <p className="truncate text-xs text-zinc-400">{match.bio ?? `@${match.user.username}`}</p>
                </div>
                <span className="shrink-0 rounded-full bg-emerald-500/20 px-2 py-1 text-xs font-semibold text-emerald-200">
                  {match.match}% match
                </span>
              </div>
              <ul aria-label={`Skills of ${match.user.displayName}`} className="flex flex-wrap gap-1.5">
                {match.skills.map((skill) => (
                  <li
                    key={skill}
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs',
                      selected.has(skill as SkillId) ? 'bg-indigo-500/30 text-white' : 'bg-white/10 text-zinc-200',
                    )}
                  >
                    {skillName(skill)}
                  </li>
                ))}
              </ul>
              <Button
                onClick={() => connect(match)}
                disabled={connecting}
                aria-label={`Connect with ${match.user.displayName}`}
                className="w-full"
              >
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

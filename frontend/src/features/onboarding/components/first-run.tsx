//! The first run's frame (issue 41): which step of how many (a progress bar), the step's title,
//! its content, and 'Skip' — to the next step, or on the last one, with 'Done', out of the first
//! run. Leaving either way tells the server it is over, then goes Home. The steps themselves
//! come from the page (they belong to other features).
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useFinishOnboarding } from '../api/finish-onboarding';

export interface FirstRunStep {
  title: string;
  /** The step's content; `next` moves on (from the last step, it finishes). */
  render: (next: () => void) => ReactNode;
}

export function FirstRun({ steps }: { steps: readonly FirstRunStep[] }) {
  const [index, setIndex] = useState(0);
  const [, navigate] = useLocation();
  const finish = useFinishOnboarding();
  const step = steps[index];
  const last = index === steps.length - 1;

  const done = () => {
    if (finish.isPending) return;
    finish.mutate(undefined, {
      onSuccess: () => navigate('/'),
      onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Something went wrong. Please try again.' }),
    });
  };
  const next = () => (last ? done() : setIndex((i) => i + 1));

  return (
    <main className="space-y-6 px-4 pt-6 pb-10">
      <div>
        <p id="first-run-progress" className="text-sm text-zinc-400">
          Step {index + 1} of {steps.length}
        </p>
        <div
          role="progressbar"
          aria-labelledby="first-run-progress"
          aria-valuemin={1}
          aria-valuemax={steps.length}
          aria-valuenow={index + 1}
          className="mt-2 flex gap-1.5"
        >
          {steps.map((s, i) => (
            <span key={s.title} className={i <= index ? 'h-1.5 flex-1 rounded-full bg-fuchsia-400' : 'h-1.5 flex-1 rounded-full bg-white/10'} />
          ))}
        </div>
      </div>
      <h1 className="text-2xl font-bold text-white">{step.title}</h1>
      {/* Keyed so each step starts from its own state. */}
      <div key={step.title}>{step.render(next)}</div>
      <div className="flex gap-2">
        <Button variant="ghost" className="flex-1" disabled={finish.isPending} onClick={next}>
          Skip
        </Button>
        {last && (
          <Button className="flex-1" disabled={finish.isPending} onClick={done}>
            Done
          </Button>
        )}
      </div>
    </main>
  );
}

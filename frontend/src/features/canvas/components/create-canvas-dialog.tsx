//! 'Start a canvas' (issue 25): a title of 1–60 characters and who may join: the owner's
//! followers, or only the people they invite.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { CANVAS_TITLE_MAX_LENGTH, useCreateCanvas } from '../api/create-canvas';
import type { Canvas, CanvasVisibility } from '../types';

const VISIBILITIES: ReadonlyArray<{ value: CanvasVisibility; label: string; hint: string }> = [
  { value: 'followers', label: 'Followers', hint: 'Anyone who follows you can join' },
  { value: 'invite', label: 'Invite only', hint: 'Only the people you invite can join' },
];

export function CreateCanvasDialog({ onCreated, children }: { onCreated: (canvas: Canvas) => void; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [visibility, setVisibility] = useState<CanvasVisibility>('followers');
  const [tried, setTried] = useState(false);
  const create = useCreateCanvas();
  const titleId = useId();
  const problemId = useId();

  const trimmed = title.trim();
  const problem =
    trimmed.length === 0
      ? 'Give your canvas a title'
      : trimmed.length > CANVAS_TITLE_MAX_LENGTH
        ? `At most ${CANVAS_TITLE_MAX_LENGTH} characters`
        : null;
  const showProblem = problem !== null && (tried || trimmed.length > CANVAS_TITLE_MAX_LENGTH);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setTitle('');
      setVisibility('followers');
      setTried(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    create.mutate(
      { title: trimmed, visibility },
      {
        onSuccess: (canvas) => {
          onOpenChange(false);
          onCreated(canvas);
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) ?? 'Failed to start the canvas' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent>
        <DialogTitle>Start a canvas</DialogTitle>
        <DialogDescription>A shared drawing that others can join live.</DialogDescription>
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
          <div>
            <Label htmlFor={titleId}>Title</Label>
            <Input
              id={titleId}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              aria-invalid={showProblem}
              aria-describedby={showProblem ? problemId : undefined}
              autoComplete="off"
            />
            {showProblem && (
              <p id={problemId} className="mt-1 text-sm text-red-300">
                {problem}
              </p>
            )}
          </div>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-zinc-300">Who can join</legend>
            <div className="space-y-1">
              {VISIBILITIES.map((option) => (
                <div key={option.value} className="rounded-xl border border-white/10 px-3 py-1.5 has-[:checked]:border-fuchsia-400/70">
                  <label className="flex min-h-9 cursor-pointer items-center gap-3 text-sm font-medium text-white">
                    <input
                      type="radio"
                      name={`${titleId}-visibility`}
                      value={option.value}
                      checked={visibility === option.value}
                      onChange={() => setVisibility(option.value)}
                      aria-describedby={`${titleId}-${option.value}`}
                      className="size-4 accent-fuchsia-500"
                    />
                    {option.label}
                  </label>
                  <p id={`${titleId}-${option.value}`} className="pb-1 pl-7 text-xs text-zinc-400">
                    {option.hint}
                  </p>
                </div>
              ))}
            </div>
          </fieldset>
          <Button type="submit" className="w-full" disabled={create.isPending}>
            {create.isPending ? 'Starting...' : 'Start canvas'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

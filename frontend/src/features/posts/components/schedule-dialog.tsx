//! 'Schedule…' (issue 44): a date and time in the user's own zone, an hour ahead to start with (or
//! the post's current time when rescheduling), checked as the server checks it (10 minutes to 90
//! days ahead, in its words) before anything is sent. The caller sends it; a refusal from the
//! server shows in the dialog, which stays open to try another time.
import { useId, useState, type FormEvent } from 'react';
import { DialogFormActions } from '@/components/dialog-form-actions';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import {
  defaultScheduleTime,
  fromLocalInputValue,
  localTimeZone,
  scheduleProblem,
  SCHEDULE_MAX_MS,
  SCHEDULE_MIN_MS,
  toLocalInputValue,
  toOffsetDateTime,
} from '../schedule';

export function ScheduleDialog({
  open,
  onOpenChange,
  reschedule = false,
  current,
  busy = false,
  error,
  onSchedule,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** For a post already scheduled: 'Reschedule post', and its time offered. */
  reschedule?: boolean;
  /** The post's time now (ISO), when it has one: offered instead of an hour ahead. */
  current?: string | null;
  /** The request is under way: the dialog stays, its buttons disabled. */
  busy?: boolean;
  /** The server's refusal of the last try. */
  error?: string | null;
  /** `at`: RFC 3339 with the local offset ('2026-12-01T10:00:00+01:00'). */
  onSchedule: (at: string) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>{reschedule ? 'Reschedule post' : 'Schedule post'}</DialogTitle>
        <DialogDescription>It goes out at this time, in your time zone ({localTimeZone()}).</DialogDescription>
        {/* Mounted while open: each opening starts from the default time. */}
        {open && <ScheduleForm current={current} busy={busy} error={error} onSchedule={onSchedule} submitLabel={reschedule ? 'Reschedule' : 'Schedule'} />}
      </DialogContent>
    </Dialog>
  );
}

function ScheduleForm({
  current,
  busy,
  error,
  onSchedule,
  submitLabel,
}: {
  current?: string | null;
  busy: boolean;
  error?: string | null;
  onSchedule: (at: string) => void;
  submitLabel: string;
}) {
  const id = useId();
  const [now] = useState(() => new Date());
  const [value, setValue] = useState(() => {
    const start = current ? new Date(current) : null;
    return toLocalInputValue(start && !scheduleProblem(start, now) ? start : defaultScheduleTime(now));
  });
  const [problem, setProblem] = useState<string | null>(null);
  // The server's refusal is for the time sent; a new time clears it from view.
  const [sentValue, setSentValue] = useState<string | null>(null);
  const shown = problem ?? (error && sentValue === value ? error : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // React carries a submit through the portal to the form the dialog was opened from (the
    // composer's, whose submit is Share): this one is the dialog's alone.
    event.stopPropagation();
    if (busy) return;
    const at = fromLocalInputValue(value);
    const found = scheduleProblem(at);
    setProblem(found);
    if (found || !at) return;
    setSentValue(value);
    onSchedule(toOffsetDateTime(at));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <div>
        <Label htmlFor={`${id}-at`}>Date and time</Label>
        <Input
          id={`${id}-at`}
          type="datetime-local"
          value={value}
          min={toLocalInputValue(new Date(now.getTime() + SCHEDULE_MIN_MS))}
          max={toLocalInputValue(new Date(now.getTime() + SCHEDULE_MAX_MS))}
          onChange={(event) => {
            setValue(event.target.value);
            setProblem(null);
          }}
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-hint`}
          className="[color-scheme:dark]"
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-400">
          10 minutes to 90 days from now
        </p>
      </div>
      {shown && (
        <p role="alert" className="text-sm text-red-300">
          {shown}
        </p>
      )}
      <DialogFormActions pending={busy} label={submitLabel} pendingLabel="Scheduling..." />
    </form>
  );
}

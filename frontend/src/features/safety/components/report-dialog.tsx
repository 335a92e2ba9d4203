//! The Report dialog (issue 20): the seven reasons as radio buttons, optional details (at most
//! 1000 characters, with a counter) and Submit. On the server's yes the dialog closes and a toast
//! says 'Thanks for letting us know'; a refusal toasts the server's message and leaves the dialog
//! open, its choices kept.
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Label, Textarea } from '@/components/ui/input';
import type { ReportOptions, ReportTarget } from '@/lib/safety-actions';
import { cn } from '@/lib/utils';
import { useReport } from '../api/report';
import { REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_TEXT } from '../report-text';
import type { ReportReason } from '../types';

/** A report asked for: its target, and where focus goes back. */
export interface ReportRequest {
  target: ReportTarget;
  options: ReportOptions;
}

/** `request` outlives `open` (the last one asked), so closing still knows where focus goes back. */
export function ReportDialog({ request, open, onClose }: { request: ReportRequest | null; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open && request !== null} onOpenChange={(next) => !next && onClose()}>
      {request && (
        <DialogContent
          onCloseAutoFocus={(event) => {
            const target = request.options.returnFocusTo;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          {/* Keyed by the target: each report starts with no reason chosen and no details. */}
          <ReportForm
            key={`${request.target.targetType}-${request.target.targetId}`}
            target={request.target}
            remoteHost={request.options.remoteHost ?? null}
            onDone={onClose}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ReportForm({ target, remoteHost, onDone }: { target: ReportTarget; remoteHost: string | null; onDone: () => void }) {
  const id = useId();
  const report = useReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [forward, setForward] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason || report.isPending) return;
    const trimmed = details.trim();
    report.mutate(
      { ...target, reason, details: trimmed ? trimmed : undefined, ...(remoteHost ? { forward } : {}) },
      { onSuccess: onDone },
    );
  };

  return (
    <>
      <DialogTitle>{REPORT_TEXT.title(target.targetType)}</DialogTitle>
      <DialogDescription>{REPORT_TEXT.description}</DialogDescription>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-zinc-300">{REPORT_TEXT.reasons}</legend>
          <div className="divide-y divide-white/5 overflow-hidden rounded-xl border border-white/10">
            {REPORT_REASONS.map((r) => (
              <label
                key={r.value}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 px-3 text-sm text-zinc-100 hover:bg-white/5',
                  reason === r.value && 'bg-fuchsia-500/10',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={r.value}
                  checked={reason === r.value}
                  onChange={() => setReason(r.value)}
                  className="size-4 accent-fuchsia-500"
                />
                {r.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <Label htmlFor={`${id}-details`}>{REPORT_TEXT.details}</Label>
          <Textarea
            id={`${id}-details`}
            value={details}
            maxLength={REPORT_DETAILS_MAX}
            placeholder={REPORT_TEXT.detailsPlaceholder}
            aria-describedby={`${id}-counter`}
            onChange={(event) => setDetails(event.target.value)}
          />
          <p id={`${id}-counter`} className="mt-1 text-right text-xs text-zinc-400 tabular-nums">
            {REPORT_TEXT.counter(details.length)}
          </p>
        </div>
        {remoteHost && (
          <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm text-zinc-200">
            <input
              type="checkbox"
              checked={forward}
              onChange={(event) => setForward(event.target.checked)}
              className="mt-0.5 size-4 accent-fuchsia-500"
            />
            <span>
              {REPORT_TEXT.forward(remoteHost)}
              <span className="block text-xs text-zinc-400">{REPORT_TEXT.forwardHint}</span>
            </span>
          </label>
        )}
        <div className="flex gap-3">
          <DialogClose asChild>
            <Button variant="secondary" className="flex-1" disabled={report.isPending}>
              {REPORT_TEXT.cancel}
            </Button>
          </DialogClose>
          <Button type="submit" className="flex-1" disabled={!reason || report.isPending}>
            {report.isPending ? REPORT_TEXT.submitting : REPORT_TEXT.submit}
          </Button>
        </div>
      </form>
    </>
  );
}

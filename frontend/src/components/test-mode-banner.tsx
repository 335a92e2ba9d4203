//! 'Test mode — no real money moves' (issue 42) on every screen that moves money while the
//! payment provider is in test mode, and how a payout decided in test mode is labelled.
import { FlaskConical } from 'lucide-react';
import { useTestMode } from '@/lib/payments-config';
import { cn } from '@/lib/utils';

export const TEST_MODE_TEXT = 'Test mode — no real money moves';
export const TEST_PAYOUT_TEXT = 'Test payout — no money sent';

/** Nothing unless the server says it is in test mode. */
export function TestModeBanner({ className }: { className?: string }) {
  const testMode = useTestMode();
  if (!testMode) return null;
  return (
    <p
      role="status"
      className={cn(
        'flex items-center gap-2 rounded-xl border border-amber-400/25 bg-amber-500/10 px-3 py-2 text-xs font-medium text-amber-200',
        className,
      )}
    >
      <FlaskConical aria-hidden="true" className="size-4 shrink-0 text-amber-300" />
      {TEST_MODE_TEXT}
    </p>
  );
}

/** The label of a payout that sent no money (a completed withdrawal decided in test mode). */
export function TestPayoutNote({ className }: { className?: string }) {
  return (
    <p className={cn('flex items-center gap-1.5 text-xs font-medium text-amber-300', className)}>
      <FlaskConical aria-hidden="true" className="size-3.5 shrink-0" />
      {TEST_PAYOUT_TEXT}
    </p>
  );
}

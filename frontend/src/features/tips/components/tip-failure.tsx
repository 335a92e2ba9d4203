//! Why a tip was not sent, as the tip dialog shows it, whichever provider took the card.
import { errorMessage, errorStatus } from '@/lib/api-client';

export const TIP_FAILED = 'Your tip could not be sent. Please try again.';

/** The server's words for a refused tip (a bad amount, someone gone, a declined payment), else ours. */
export function tipFailure(error: unknown): string {
  const status = errorStatus(error);
  const message = errorMessage(error);
  if (message && (status === 400 || status === 402 || status === 404 || status === 409 || status === 422)) return message;
  return TIP_FAILED;
}

/** The dialog's failure alert; nothing without a failure. */
export function TipFailure({ children }: { children: string | null }) {
  if (!children) return null;
  return (
    <p role="alert" className="mt-3 rounded-xl border border-red-500/30 bg-red-500/10 p-3 text-sm text-red-200">
      {children}
    </p>
  );
}

//! Errors a person can act on (issue 43): a field's message under it, tied to its control by id
//! (`aria-describedby`, with `aria-invalid` on the control), and a form's refusal above its submit
//! button. Toasts are for outcomes, never for validation.

/** A field's message under it; `id` is what the control's `aria-describedby` names. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-xs text-red-300">
      {message}
    </p>
  );
}

/** The server's refusal of a form (a 4xx's message), or the generic failure. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl border border-red-500/30 bg-red-500/10 px-3 py-2 text-sm text-red-200">
      {message}
    </p>
  );
}

export const selectClass =
  'block min-h-11 w-full rounded-xl border border-white/10 bg-zinc-900/80 px-3 text-base text-zinc-50 focus:border-fuchsia-400/70 focus:outline-none';

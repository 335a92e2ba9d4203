import type { InputHTMLAttributes, LabelHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      className={cn(
        'block min-h-11 w-full rounded-xl border border-white/10 bg-zinc-900/80 px-3 text-base text-zinc-50 placeholder:text-zinc-500',
        'focus:border-fuchsia-400/70 focus:outline-none',
        className,
      )}
      {...props}
    />
  );
}

/** A field's label; `htmlFor` is required so every label names its control. */
export function Label({ className, htmlFor, ...props }: LabelHTMLAttributes<HTMLLabelElement> & { htmlFor: string }) {
  return <label htmlFor={htmlFor} className={cn('mb-1.5 block text-sm font-medium text-zinc-300', className)} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea
      className={cn(
        'block min-h-24 w-full resize-y rounded-xl border border-white/10 bg-zinc-900/80 px-3 py-2.5 text-base text-zinc-50 placeholder:text-zinc-500',
        'focus:border-fuchsia-400/70 focus:outline-none',
        className,
      )}
      {...props}
    />
  );
}

/** A labelled input: the label names the input through `id`. */
export function Field({ id, label, ...props }: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...props} />
    </div>
  );
}

/** A form's problem line, read out when it appears; nothing while there is none. */
export function FormProblem({ id, children }: { id?: string; children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-400">
      {children}
    </p>
  );
}

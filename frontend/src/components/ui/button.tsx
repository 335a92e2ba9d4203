import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'link';

const variants: Record<Variant, string> = {
  // The one accent gradient marks primary actions only; its 600 shades keep white
  // text at 4.5:1 or more along the whole gradient (the 500s gave 3.5:1 at the fuchsia end).
  primary:
    'bg-gradient-to-r from-fuchsia-600 via-purple-600 to-indigo-600 text-[#fff] shadow-lg shadow-purple-900/40 hover:brightness-90',
  secondary: 'border border-white/10 bg-white/5 text-zinc-100 hover:bg-white/10',
  /** Stopping a recording, ending something. */
  danger: 'bg-red-600 text-[#fff] hover:bg-red-700',
  ghost: 'text-zinc-300 hover:bg-white/5 hover:text-white',
  link: 'min-h-11 px-1 text-fuchsia-300 underline-offset-4 hover:underline',
};

export function Button({
  className,
  variant = 'primary',
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-xl text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-60',
        variant !== 'link' && 'min-h-11 px-4',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

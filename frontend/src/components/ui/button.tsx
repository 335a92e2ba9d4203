import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'link';

const variants: Record<Variant, string> = {
  // The one accent gradient (DESIGN §5) marks primary actions only.
  primary:
    'bg-gradient-to-r from-fuchsia-500 via-purple-500 to-indigo-500 text-[#fff] shadow-lg shadow-purple-900/40 hover:brightness-110',
  secondary: 'border border-white/10 bg-white/5 text-zinc-100 hover:bg-white/10',
  /** Stopping a recording, ending something. */
  danger: 'bg-red-500 text-[#fff] hover:bg-red-400',
  ghost: 'text-zinc-300 hover:bg-white/5 hover:text-white',
  link: 'min-h-11 px-1 text-fuchsia-300 underline-offset-4 hover:underline',
};

export function Button({
  className,
  variant = 'primary',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
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

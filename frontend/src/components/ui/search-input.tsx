//! A search box with the magnifier inside it on the left: explore's large one (48 px, round),
//! or a form field's (the Input look). Other props go to the <input type="search">.
import { Search } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';

const largeClass =
  'block min-h-12 w-full rounded-2xl border border-white/10 bg-zinc-900/80 pr-3 pl-11 text-base text-zinc-50 placeholder:text-zinc-500 focus:border-fuchsia-400/70 focus:outline-none';

export function SearchInput({
  large = false,
  wrapperClassName,
  label,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  large?: boolean;
  wrapperClassName?: string;
  /** A visible or sr-only <Label> for the input, placed before it. */
  label?: ReactNode;
}) {
  return (
    <div className={cn('relative', wrapperClassName)}>
      {label}
      <Search
        aria-hidden="true"
        className={cn('pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-zinc-500', large ? 'size-5' : 'size-4')}
      />
      {large ? <input type="search" className={largeClass} {...props} /> : <Input type="search" className="pl-9" {...props} />}
    </div>
  );
}

import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

/** A round 44 px button showing only an icon; `label` is its accessible name. */
export function IconButton({
  label,
  icon: Icon,
  iconClassName = 'size-6',
  className,
  type = 'button',
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> & {
  label: string;
  icon: LucideIcon;
  iconClassName?: string;
}) {
  return (
    <button
      type={type}
      aria-label={label}
      className={cn('grid size-11 shrink-0 place-items-center rounded-full transition', className)}
      {...props}
    >
      <Icon aria-hidden="true" className={iconClassName} />
    </button>
  );
}

//! The round tick beside a visually hidden checkbox (issue 44): a post picked for a new
//! collection, a collection ticked in 'Save to collection'. It follows the checkbox just before
//! it (`peer`), so keyboard focus shows on it.
import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

export function CheckBadge({ checked, className, unchecked }: { checked: boolean; className?: string; unchecked: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-6 shrink-0 items-center justify-center rounded-full peer-focus-visible:ring-2 peer-focus-visible:ring-purple-400',
        className,
        checked ? 'border-amber-300 bg-amber-300 text-zinc-900' : unchecked,
      )}
    >
      {checked && <Check className="size-4" />}
    </span>
  );
}

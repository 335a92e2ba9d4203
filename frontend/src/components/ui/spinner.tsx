import { cn } from '@/lib/utils';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <div role="status" aria-label={label} className={cn('grid place-items-center', className)}>
      <div className="size-10 animate-spin rounded-full border-4 border-white/10 border-t-fuchsia-400" />
    </div>
  );
}

export function FullScreenSpinner() {
  return <Spinner className="min-h-dvh" />;
}

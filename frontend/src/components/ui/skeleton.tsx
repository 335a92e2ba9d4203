import { cn } from '@/lib/utils';

/** A pulsing block standing in for content still loading. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-white/5', className)} />;
}

/** Three rows of an avatar and a line: a list of people still loading, announced as `label`. */
export function PeopleSkeleton({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" aria-label={label} className={cn('space-y-3', className)}>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-full" />
          <Skeleton className="h-4 flex-1" />
        </div>
      ))}
    </div>
  );
}

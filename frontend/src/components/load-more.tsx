import { Button } from '@/components/ui/button';
import { useLoadMore } from '@/hooks/use-load-more';

/**
 * The end of an infinite list: an invisible sentinel that loads the next page as it nears the
 * viewport (unless `auto` is false), and a button for when it cannot (no IntersectionObserver)
 * or a page failed.
 */
export function LoadMore({
  auto = true,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  auto?: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}) {
  const sentinel = useLoadMore<HTMLDivElement>(() => void fetchNextPage(), auto && hasNextPage && !isFetchingNextPage);
  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className="flex justify-center py-2">
      <Button variant="ghost" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
        {isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}

//! The optimistic toggle (a like, a bookmark): the flag flips in every cached copy before the
//! request, a failure flips it back and says so, and the last answer in flight settles it.
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';

export interface OptimisticToggle<T, Answer extends Partial<T>> {
  /** One key per item: the taps in flight on it are counted under this key. */
  mutationKey: QueryKey;
  /** The request; its answer is the server's state of the toggle, spread over the item. */
  request: () => Promise<Answer>;
  /** Writes `change` to the item wherever it is cached. */
  update: (queryClient: QueryClient, change: (item: T) => T) => void;
  /** The toggle; applied before the request and once more to undo it (it is its own inverse). */
  flip: (item: T) => T;
  /** The error toast's description when the request fails. */
  failure: string;
  /** Runs after the last answer in flight has been written (not after an earlier one). */
  afterAnswer?: (queryClient: QueryClient) => void;
}

/**
 * A mutation that applies `flip` at once, applies it again and shows a toast on failure, and
 * writes the server's answer when no other tap on the same key is still in flight (with several
 * taps in flight only the last answer is the truth).
 */
export function useOptimisticToggle<T, Answer extends Partial<T>>({
  mutationKey,
  request,
  update,
  flip,
  failure,
  afterAnswer,
}: OptimisticToggle<T, Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: request,
    onMutate: () => update(queryClient, flip),
    onError: () => {
      update(queryClient, flip);
      toast({ variant: 'destructive', title: 'Error', description: failure });
    },
    onSuccess: (answer) => {
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      update(queryClient, (item) => ({ ...item, ...answer }));
      afterAnswer?.(queryClient);
    },
  });
}

/** A like's flip: the heart turns and the count moves by one (never below zero). */
export function flipLike<T extends { isLiked: boolean; likesCount: number }>(item: T): T {
  return { ...item, isLiked: !item.isLiked, likesCount: Math.max(0, item.likesCount + (item.isLiked ? -1 : 1)) };
}

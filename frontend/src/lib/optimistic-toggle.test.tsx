import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { deferred } from '@/test/render';
import { flipLike, useOptimisticToggle } from './optimistic-toggle';

interface Item {
  id: number;
  isLiked: boolean;
  likesCount: number;
}

const KEY = ['items', 1];

/** A cache with one item under KEY, and `update` writing to it as a feature's cache helper would. */
function setup(item: Item = { id: 1, isLiked: false, likesCount: 3 }) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  queryClient.setQueryData<Item>(KEY, item);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
  const update = (client: QueryClient, change: (item: Item) => Item) =>
    client.setQueryData<Item>(KEY, (cached) => (cached ? change(cached) : cached));
  const cached = () => queryClient.getQueryData<Item>(KEY);
  return { queryClient, wrapper, update, cached };
}

type Answer = Pick<Item, 'isLiked' | 'likesCount'>;

/** The hook on the item under KEY, with `request` for the server and a spy on `afterAnswer`. */
function renderToggle(setupResult: ReturnType<typeof setup>, request: () => Promise<Answer>) {
  const afterAnswer = vi.fn();
  const { result } = renderHook(
    () =>
      useOptimisticToggle<Item, Answer>({
        mutationKey: KEY,
        request,
        update: setupResult.update,
        flip: flipLike,
        failure: 'Failed to update like. Please try again.',
        afterAnswer,
      }),
    { wrapper: setupResult.wrapper },
  );
  return { toggle: () => act(() => result.current.mutate()), afterAnswer };
}

describe('flipLike', () => {
  it('turns the heart and moves the count by one, never below zero', () => {
    expect(flipLike({ id: 1, isLiked: false, likesCount: 3 })).toEqual({ id: 1, isLiked: true, likesCount: 4 });
    expect(flipLike({ id: 1, isLiked: true, likesCount: 4 })).toEqual({ id: 1, isLiked: false, likesCount: 3 });
    expect(flipLike({ id: 1, isLiked: true, likesCount: 0 })).toEqual({ id: 1, isLiked: false, likesCount: 0 });
  });
});

describe('useOptimisticToggle', () => {
  it('flips the cached item before the request answers, then writes the answer', async () => {
    const cache = setup();
    const { cached } = cache;
    const answer = deferred<Answer>();
    const { toggle, afterAnswer } = renderToggle(cache, () => answer.promise);

    toggle();
    await waitFor(() => expect(cached()).toEqual({ id: 1, isLiked: true, likesCount: 4 }));
    expect(afterAnswer).not.toHaveBeenCalled();

    // The server counted another like meanwhile: its answer wins.
    await act(async () => answer.resolve({ isLiked: true, likesCount: 9 }));
    await waitFor(() => expect(cached()).toEqual({ id: 1, isLiked: true, likesCount: 9 }));
    expect(afterAnswer).toHaveBeenCalledTimes(1);
  });

  it('flips back and shows the failure on an error', async () => {
    const cache = setup();
    const { cached } = cache;
    const answer = deferred<Answer>();
    const { toggle, afterAnswer } = renderToggle(cache, () => answer.promise);

    toggle();
    await waitFor(() => expect(cached()?.isLiked).toBe(true));
    await act(async () => answer.reject(new Error('500')));

    await waitFor(() => expect(cached()).toEqual({ id: 1, isLiked: false, likesCount: 3 }));
    expect(await screen.findByText('Failed to update like. Please try again.')).toBeInTheDocument();
    expect(afterAnswer).not.toHaveBeenCalled();
  });

  it('settles on the last answer only when several taps are in flight', async () => {
    const cache = setup();
    const { cached } = cache;
    const first = deferred<Answer>();
    const second = deferred<Answer>();
    const requests = [first.promise, second.promise];
    const { toggle, afterAnswer } = renderToggle(cache, () => requests.shift()!);

    // Like, then unlike before the first answer.
    toggle();
    await waitFor(() => expect(cached()?.isLiked).toBe(true));
    toggle();
    await waitFor(() => expect(cached()).toEqual({ id: 1, isLiked: false, likesCount: 3 }));

    // The first answer (liked) is stale by now: the unliked heart stays.
    await act(async () => first.resolve({ isLiked: true, likesCount: 4 }));
    expect(cached()).toEqual({ id: 1, isLiked: false, likesCount: 3 });
    expect(afterAnswer).not.toHaveBeenCalled();

    // The last answer is the truth (someone else unliked meanwhile).
    await act(async () => second.resolve({ isLiked: false, likesCount: 2 }));
    await waitFor(() => expect(afterAnswer).toHaveBeenCalledTimes(1));
    expect(cached()).toEqual({ id: 1, isLiked: false, likesCount: 2 });
  });
});

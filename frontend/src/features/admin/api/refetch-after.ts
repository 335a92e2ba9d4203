import { useQueryClient } from '@tanstack/react-query';

/**
 * The admin's changes refetch the lists and tiles they touch (and the audit log) when they
 * settle, whatever the outcome.
 */
export function useRefetchAfter(keys: ReadonlyArray<readonly string[]>) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

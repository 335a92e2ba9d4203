import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';
import { useRefetchAfter } from './refetch-after';

/**
 * PUT /api/admin/federation/blocks/{host} blocks a server (issue 46: its activities refused, its
 * deliveries dropped, the follows with its accounts removed); DELETE lifts the block (404 when it
 * was not blocked). Both 204; 400 for what is not a host.
 */
export async function setServerBlocked(host: string, blocked: boolean): Promise<void> {
  await apiRequest(blocked ? 'PUT' : 'DELETE', `/api/admin/federation/blocks/${encodeURIComponent(host)}`);
}

/** Afterwards the servers and the queue's figures are refetched (a block drops deliveries). */
export function useSetServerBlocked() {
  const onSettled = useRefetchAfter([adminKeys.federation()]);
  return useMutation({
    mutationKey: adminKeys.blockServer(),
    mutationFn: ({ host, blocked }: { host: string; blocked: boolean }) => setServerBlocked(host, blocked),
    onSettled,
  });
}

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adsQueryKey } from '@/lib/query-keys';
import type { AdminAd } from '../types';
import { adminKeys } from './keys';
import { useRefetchAfter } from './refetch-after';

/** PATCH /api/ads/{id} {isActive}: pauses or resumes an ad. */
export async function setAdActive(id: number, isActive: boolean): Promise<AdminAd> {
  const res = await apiRequest('PATCH', `/api/ads/${id}`, { isActive });
  return (await res.json()) as AdminAd;
}

/** Afterwards the ads list, the audit log and the ads shown to users are refetched. */
export function useSetAdActive() {
  const onSettled = useRefetchAfter([adminKeys.ads(), adminKeys.audit(), adsQueryKey]);
  return useMutation({
    mutationKey: adminKeys.setAdActive(),
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => setAdActive(id, isActive),
    onSettled,
  });
}

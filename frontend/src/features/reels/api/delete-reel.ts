import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKey } from '@/lib/query-keys';
import { reelKeys, type ReelPages } from './keys';

/** DELETE /api/reels/{id} → 204 (issue 43): its author's, or an admin's. */
export async function deleteReel(reelId: number): Promise<void> {
  await apiRequest('DELETE', `/api/reels/${reelId}`);
}

/**
 * Deletes a reel once the server agrees: it leaves the pager and every creator's list at once
 * (the pager shows the next one), and profiles refresh. A failure stays with the caller (the
 * confirmation shows it, to try again).
 */
export function useDeleteReel(reelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reelKeys.remove(reelId),
    mutationFn: () => deleteReel(reelId),
    onSuccess: () => {
      queryClient.setQueriesData<ReelPages>({ queryKey: reelKeys.all }, (data) => {
        if (!data?.pages) return data;
        if (!data.pages.some((page) => page.items.some((reel) => reel.id === reelId))) return data;
        return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((reel) => reel.id !== reelId) })) };
      });
      void queryClient.invalidateQueries({ queryKey: usersQueryKey });
      toast({ title: 'Reel deleted' });
    },
  });
}

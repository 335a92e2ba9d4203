//! 'Delete reel' (issue 43) in the reel's '⋯' menu (components/owner-delete.tsx); once deleted,
//! the pager shows the next reel.
import { useOwnerDelete } from '@/components/owner-delete';
import type { Reel } from '../types';
import { useDeleteReel } from '../api/delete-reel';

export function useReelDelete(reel: Pick<Reel, 'id' | 'user'>) {
  return useOwnerDelete({ ownerId: reel.user.id, noun: 'reel', goesWithIt: 'Its likes and comments', remove: useDeleteReel(reel.id) });
}

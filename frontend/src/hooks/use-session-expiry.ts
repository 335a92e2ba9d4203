//! Session expiry on the chat and voicemail screens: a 401 from any query or
//! mutation whose key starts with a watched root shows 'Session Expired' / 'Please log in again
//! to continue.', then after 1 s goes to / and clears the session, so the router shows the
//! landing page. Each feature watches its own root; several 401s at once give one toast.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { toast } from '@/components/ui/use-toast';
import { userQueryKey } from '@/lib/query-keys';

/** The chat's and voicemail's redirect delay. */
export const SESSION_EXPIRED_REDIRECT_MS = 1000;

/** The request helper's errors read "{status}: …". */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401:');
}

/** One expiry at a time: several calls failing together show one toast and redirect once. */
let expiring = false;
/** Every watched root key (a feature's `keys.all`): all their caches go with the session. */
const watchedRoots = new Set<readonly [string]>();

export function useSessionExpiry(root: readonly [string]): void {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  useEffect(() => {
    watchedRoots.add(root);
    const watched = (key: readonly unknown[] | undefined) => key?.[0] === root[0];
    const expire = () => {
      if (expiring) return;
      expiring = true;
      toast({ variant: 'destructive', title: 'Session Expired', description: 'Please log in again to continue.' });
      // Not cancelled on unmount: the session is gone whatever the user does meanwhile.
      setTimeout(() => {
        expiring = false;
        navigate('/');
        for (const gone of watchedRoots) queryClient.removeQueries({ queryKey: gone });
        queryClient.setQueryData(userQueryKey, null);
      }, SESSION_EXPIRED_REDIRECT_MS);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (watched(event.query.queryKey) && isUnauthorized(event.action.error)) expire();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (watched(event.mutation.options.mutationKey) && isUnauthorized(event.action.error)) expire();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, navigate, root]);
}

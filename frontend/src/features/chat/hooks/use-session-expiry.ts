import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { toast } from '@/components/ui/use-toast';
import { userQueryKey } from '@/lib/auth';
import { chatKeys } from '../api/keys';

/** Spec 001 §9: the chat's redirect delay. */
export const SESSION_EXPIRED_REDIRECT_MS = 1000;

/** The request helper's errors read "{status}: …". */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401:');
}

const isChatKey = (key: readonly unknown[] | undefined) => key?.[0] === chatKeys.all[0];

/** One expiry at a time: several chat calls failing together show one toast and redirect once. */
let expiring = false;

/**
 * Session expiry (spec 001 §8): a 401 from any chat query or mutation shows 'Session Expired' /
 * 'Please log in again to continue.', then after 1 s goes to / and clears the session, so the
 * router shows the landing page.
 */
export function useSessionExpiry(): void {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  useEffect(() => {
    const expire = () => {
      if (expiring) return;
      expiring = true;
      toast({ variant: 'destructive', title: 'Session Expired', description: 'Please log in again to continue.' });
      // Not cancelled on unmount: the session is gone whatever the user does meanwhile.
      setTimeout(() => {
        expiring = false;
        navigate('/');
        queryClient.removeQueries({ queryKey: chatKeys.all });
        queryClient.setQueryData(userQueryKey, null);
      }, SESSION_EXPIRED_REDIRECT_MS);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isChatKey(event.query.queryKey) && isUnauthorized(event.action.error)) expire();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isChatKey(event.mutation.options.mutationKey) && isUnauthorized(event.action.error)) expire();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, navigate]);
}

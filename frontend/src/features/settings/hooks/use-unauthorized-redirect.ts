//! The settings screen's unauthorised case: a 401 from any settings or
//! account call shows 'Unauthorized', then after 0.5 s goes to / with the session cleared, so
//! the router shows the landing page.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { isUnauthorized } from '@/hooks/use-session-expiry';
import { userQueryKey } from '@/lib/query-keys';

/** The settings' redirect delay. */
export const SETTINGS_REDIRECT_MS = 500;

/** Keys of the settings and account calls (GET/PUT /api/user/settings, password, export, deactivate). */
const isSettingsKey = (key: readonly unknown[] | undefined) =>
  typeof key?.[0] === 'string' && key[0].startsWith('/api/user/');

/** True once a settings call answered 401; the redirect is then on its way. */
export function useUnauthorizedRedirect(): boolean {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [unauthorized, setUnauthorized] = useState(
    () => queryClient.getQueryCache().findAll().some((q) => isSettingsKey(q.queryKey) && isUnauthorized(q.state.error)),
  );

  useEffect(() => {
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isSettingsKey(event.query.queryKey) && isUnauthorized(event.action.error)) setUnauthorized(true);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isSettingsKey(event.mutation.options.mutationKey) && isUnauthorized(event.action.error)) setUnauthorized(true);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);

  useEffect(() => {
    if (!unauthorized) return;
    // Not cancelled on unmount: the session is gone whatever the user does meanwhile.
    setTimeout(() => {
      navigate('/');
      queryClient.setQueryData(userQueryKey, null);
    }, SETTINGS_REDIRECT_MS);
  }, [unauthorized, navigate, queryClient]);

  return unauthorized;
}

//! The one QueryClient: server state lives here and nowhere else.
import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      staleTime: 5 * 60 * 1000,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    },
    mutations: {
      retry: false,
    },
  },
});

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast, toastAfterReload } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import { forgetSignedInUser } from '@/lib/user-storage';
import type { components } from '@/types/api.gen';

type LogoutResponse = components['schemas']['LogoutResponse'];

/** POST /api/auth/logout → {ok: true}; the server deletes the session and clears the cookie. */
export async function logout(): Promise<LogoutResponse> {
  const res = await apiRequest('POST', '/api/auth/logout');
  return (await res.json()) as LogoutResponse;
}

/**
 * Logs out, clears every cached answer and what this browser keeps for the user (the cart), and
 * starts over at '/' with a fresh page (which drops any in-memory state such as sockets). The
 * success toast is carried across the reload.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      toastAfterReload({
        title: 'Logged out successfully',
        description: 'You have been logged out of your account.',
      });
      forgetSignedInUser(queryClient);
      queryClient.clear();
      navigate('/');
      window.location.reload();
    },
    onError: () => {
      toast({
        variant: 'destructive',
        title: 'Logout failed',
        description: 'There was an error logging you out. Please try again.',
      });
    },
  });
}

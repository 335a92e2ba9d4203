import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { User } from '@/lib/auth';
import type { LoginPayload } from '../validate';

/** POST /api/auth/login → the user; the server sets a fresh session cookie. */
export async function login(payload: LoginPayload): Promise<User> {
  const res = await apiRequest('POST', '/api/auth/login', payload);
  return (await res.json()) as User;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

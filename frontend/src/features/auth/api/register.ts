import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { User } from '@/lib/auth';
import type { RegisterPayload } from '../validate';

/** POST /api/auth/register → 201 with the new user, already signed in. */
export async function register(payload: RegisterPayload): Promise<User> {
  const res = await apiRequest('POST', '/api/auth/register', payload);
  return (await res.json()) as User;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

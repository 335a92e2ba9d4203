import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Tip, TipRequest } from '../types';
import { tipKeys } from './keys';

/**
 * POST /api/tips → 201 the tip. The `Idempotency-Key` makes a retry of the same tip answer the
 * first one (200) instead of charging again; the same key with another body is refused (422).
 */
export async function sendTip(body: TipRequest, idempotencyKey: string): Promise<Tip> {
  const res = await apiRequest('POST', '/api/tips', body, { 'Idempotency-Key': idempotencyKey });
  return (await res.json()) as Tip;
}

/** Nothing the tipper sees changes with a tip: no list is refreshed. */
export function useSendTip() {
  return useMutation({
    mutationKey: tipKeys.send(),
    mutationFn: ({ body, idempotencyKey }: { body: TipRequest; idempotencyKey: string }) => sendTip(body, idempotencyKey),
  });
}

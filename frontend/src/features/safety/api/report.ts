import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { REPORT_TEXT } from '../report-text';
import type { NewReport } from '../types';

/**
 * POST /api/reports → 201 {id}; the same reporter again for the same target → 200 with the same
 * id (nothing changes), so a repeat is thanked the same way.
 */
export async function sendReport(report: NewReport): Promise<{ id: number }> {
  const res = await apiRequest('POST', '/api/reports', report);
  return (await res.json()) as { id: number };
}

/**
 * Sends a report: 'Thanks for letting us know' on success; a refusal (yourself 400, gone 404,
 * over 20 an hour 429) toasts the server's own message.
 */
export function useReport() {
  return useMutation({
    mutationFn: sendReport,
    onSuccess: () => toast({ title: REPORT_TEXT.thanks, description: REPORT_TEXT.thanksDescription }),
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) ?? REPORT_TEXT.failed }),
  });
}

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** The file name of `Content-Disposition: attachment; filename="…"`, or the fallback. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1]?.trim() || fallback;
}

/**
 * GET /api/user/export, saved as a file: the answer becomes a blob, the blob an object URL, and
 * a temporary <a download> is clicked, so a failure can still be told with a toast.
 */
export async function exportData(): Promise<string> {
  const res = await apiRequest('GET', '/api/user/export');
  const name = attachmentName(res.headers.get('Content-Disposition'), 'atelier-export.json');
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Let the click start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return name;
}

export function useExportData() {
  return useMutation({ mutationKey: settingsKeys.exportData(), mutationFn: exportData });
}

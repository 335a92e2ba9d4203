import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useExportData } from '../api/export-data';

/** 'Export My Data': downloads GET /api/user/export as a JSON file. */
export function ExportDataButton() {
  const exportData = useExportData();
  return (
    <Button
      variant="secondary"
      className="w-full justify-start"
      disabled={exportData.isPending}
      onClick={() =>
        exportData.mutate(undefined, {
          onSuccess: (name) => toast({ title: 'Export ready', description: `Saved ${name}.` }),
          onError: () =>
            toast({ variant: 'destructive', title: 'Export failed', description: 'Could not export your data. Please try again.' }),
        })
      }
    >
      <Download aria-hidden="true" className="size-4" />
      {exportData.isPending ? 'Exporting...' : 'Export My Data'}
    </Button>
  );
}

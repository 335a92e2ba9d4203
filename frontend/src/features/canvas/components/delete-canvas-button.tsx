//! 'Delete' on your own canvas (issue 43): asks 'Delete canvas?' first. From its full-screen page
//! you land on Home; on Home's panel the next room takes its place.
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useDeleteCanvas } from '../api/delete-canvas';

export function DeleteCanvasButton({ canvasId, title }: { canvasId: number; title: string }) {
  const [asking, setAsking] = useState(false);
  const [location, navigate] = useLocation();
  const remove = useDeleteCanvas(canvasId, () => {
    setAsking(false);
    if (location === `/canvas/${canvasId}`) navigate('/');
  });
  return (
    <ConfirmDialog
      open={asking}
      onOpenChange={(open) => {
        setAsking(open);
        if (!open) remove.reset();
      }}
      trigger={
        <Button variant="secondary">
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      }
      title="Delete canvas?"
      description={`"${title}" and its drawing go for everyone invited. This cannot be undone.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={remove.isPending}
      error={remove.isError ? (errorMessage(remove.error) ?? 'Could not delete the canvas. Please try again.') : undefined}
      onConfirm={() => remove.mutate()}
    />
  );
}

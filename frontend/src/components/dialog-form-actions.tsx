//! A dialog form's Cancel and Save (issues 43, 44): Cancel closes the dialog, Save submits the
//! form and reads 'Saving...' while the server answers; both wait while it does.
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';

export function DialogFormActions({ pending, canSave = true }: { pending: boolean; canSave?: boolean }) {
  return (
    <div className="flex gap-3">
      <DialogClose asChild>
        <Button variant="secondary" className="flex-1" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" className="flex-1" disabled={pending || !canSave}>
        {pending ? 'Saving...' : 'Save'}
      </Button>
    </div>
  );
}

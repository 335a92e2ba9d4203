//! A dialog form's Cancel and submit (issues 43, 44): Cancel closes the dialog, the submit
//! button ('Save' unless told) sends the form and reads its pending label ('Saving...') while the
//! server answers; both wait while it does.
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';

export function DialogFormActions({
  pending,
  canSave = true,
  label = 'Save',
  pendingLabel = 'Saving...',
}: {
  pending: boolean;
  canSave?: boolean;
  label?: string;
  pendingLabel?: string;
}) {
  return (
    <div className="flex gap-3">
      <DialogClose asChild>
        <Button variant="secondary" className="flex-1" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" className="flex-1" disabled={pending || !canSave}>
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}

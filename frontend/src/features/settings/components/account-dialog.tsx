//! What the account actions' dialogs share (Change Password, Deactivate Account): a full-width
//! trigger with its icon, the title and description, and the form mounted only while the dialog
//! is open, so each opening starts empty.
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

export function AccountDialog({
  icon,
  title,
  description,
  triggerClassName,
  children,
}: {
  icon: ReactNode;
  /** The trigger's label and the dialog's title. */
  title: string;
  description: ReactNode;
  triggerClassName?: string;
  /** The form; `close` closes the dialog. */
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className={cn('w-full justify-start', triggerClassName)}>
          {icon}
          {title}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {open && children(() => setOpen(false))}
      </DialogContent>
    </Dialog>
  );
}

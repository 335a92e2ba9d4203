//! Logout asks first (issue 43): 'Log out of Atelier?', then 'Log out' or Cancel. Every way out
//! (the tab bar's, the side navigation's, the profile's and the settings' button) is a trigger
//! of this one dialog. A failure keeps the dialog to try again, under the 'Logout failed' toast.
import { useState, type ReactElement } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useLogout } from '../api/logout';

export function LogoutConfirm({ trigger }: { trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title="Log out of Atelier?"
      description="You will need to sign in again to use Atelier on this device."
      confirmLabel="Log out"
      busyLabel="Logging out..."
      busy={logout.isPending}
      onConfirm={() => logout.mutate()}
    />
  );
}

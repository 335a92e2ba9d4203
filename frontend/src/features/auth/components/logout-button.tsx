import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LogoutConfirm } from './logout-confirm';

/** Logout as a button (the profile's, the settings' 'Log Out'): it asks first, as the tab bar's does. */
export function LogoutButton({ className, label = 'Logout' }: { className?: string; label?: string }) {
  return (
    <LogoutConfirm
      trigger={
        <Button variant="secondary" className={className}>
          <LogOut aria-hidden="true" className="size-4" />
          {label}
        </Button>
      }
    />
  );
}

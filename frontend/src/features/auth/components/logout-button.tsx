import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useLogout } from '../api/logout';

/** Logout as a button (the profile's, the settings' 'Log Out'), with the same toasts as the tab bar's. */
export function LogoutButton({ className, label = 'Logout' }: { className?: string; label?: string }) {
  const logout = useLogout();
  return (
    <Button variant="secondary" className={className} disabled={logout.isPending} onClick={() => logout.mutate()}>
      <LogOut aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );
}

import type { ReactNode } from 'react';
import { ChangePasswordDialog } from './change-password-dialog';
import { DeactivateAccountDialog } from './deactivate-account-dialog';
import { ExportDataButton } from './export-data-button';

/** Export, password, deactivation, and the page's 'Log Out' button. */
export function AccountSection({ logout }: { logout: ReactNode }) {
  return (
    <section aria-label="Account" className="space-y-2 rounded-2xl border border-white/10 bg-white/5 p-4">
      <h2 className="pb-1 text-sm font-semibold tracking-wide text-zinc-300 uppercase">Account</h2>
      <ExportDataButton />
      <ChangePasswordDialog />
      <DeactivateAccountDialog />
      {logout}
    </section>
  );
}

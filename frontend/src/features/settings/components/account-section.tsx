import type { ReactNode } from 'react';
import { useUser } from '@/lib/auth';
import { ChangePasswordDialog } from './change-password-dialog';
import { DeactivateAccountDialog } from './deactivate-account-dialog';
import { EmailRow } from './email-row';
import { ExportDataButton } from './export-data-button';
import { SessionsList } from './sessions-list';
import { TwoFactorRow } from './two-factor-row';

/**
 * The email, two-factor sign-in and where you're signed in (issue 41), then export, password,
 * deactivation, and the page's 'Log Out' button.
 */
export function AccountSection({ logout }: { logout: ReactNode }) {
  const me = useUser().data;
  return (
    <section aria-label="Account" className="space-y-2 rounded-2xl border border-white/10 bg-white/5 p-4">
      <h2 className="pb-1 text-sm font-semibold tracking-wide text-zinc-300 uppercase">Account</h2>
      {me && (
        <>
          <EmailRow user={me} />
          <TwoFactorRow enabled={me.twoFactorEnabled} />
          <SessionsList />
        </>
      )}
      <ExportDataButton />
      <ChangePasswordDialog />
      <DeactivateAccountDialog />
      {logout}
    </section>
  );
}

//! /settings (issue 10; docs/admin-contract.md): the profile card (avatar and 'Change Photo' at
//! 5 MB, 'Edit Profile' opening the profile editor), the link to Settings › Orders (issue 42),
//! the four switch groups saved as they
//! change ('Blocked accounts' closing Privacy & Security, issue 20), and the account actions. A
//! 401 from the settings shows 'Unauthorized' and goes to / after 0.5 s.
import { Camera, ChevronRight, Package, Sparkles } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { BlockedAccountsDialog } from '@/features/safety/components/blocked-accounts-dialog';
import { AccountSection } from '@/features/settings/components/account-section';
import { SettingsGroups } from '@/features/settings/components/settings-groups';
import { useUnauthorizedRedirect } from '@/features/settings/hooks/use-unauthorized-redirect';
import { cardName, checkSettingsPhoto } from '@/features/settings/settings-photo';
import { useProfile } from '@/features/users/api/get-profile';
import { AvatarUpload } from '@/features/users/components/avatar-upload';
import { EditProfileDialog } from '@/features/users/components/edit-profile-dialog';
import { useUser, type User } from '@/lib/auth';

/** Rendered only with a user (it may go mid-render when the account is deactivated). */
function ProfileCard({ me }: { me: User }) {
  const profile = useProfile(me.username);
  const photoInput = useRef<HTMLInputElement>(null);
  const name = cardName(me);

  return (
    <section aria-label="Your profile" className="rounded-2xl border border-white/10 bg-white/5 p-4">
      <div className="flex items-center gap-4">
        <AvatarUpload
          src={me.profileImageUrl}
          name={name}
          className="size-20"
          check={checkSettingsPhoto}
          inputRef={photoInput}
        />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-white">{name}</p>
          <p className="truncate text-sm text-zinc-400">{me.email}</p>
          <span className="mt-1.5 inline-flex items-center gap-1 rounded-full bg-fuchsia-500/15 px-2.5 py-0.5 text-xs font-medium text-fuchsia-300">
            <Sparkles aria-hidden="true" className="size-3" />
            Creative Collaborator
          </span>
        </div>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button variant="secondary" className="whitespace-nowrap" onClick={() => photoInput.current?.click()}>
          <Camera aria-hidden="true" className="size-4" />
          Change Photo
        </Button>
        {profile.data ? (
          <EditProfileDialog profile={profile.data} />
        ) : (
          <Button variant="secondary" disabled>
            Edit Profile
          </Button>
        )}
      </div>
    </section>
  );
}

export default function SettingsPage() {
  const unauthorized = useUnauthorizedRedirect();
  const me = useUser().data;

  if (unauthorized) {
    return (
      <main className="grid min-h-[60dvh] place-items-center px-4">
        <p role="alert" className="text-lg font-semibold text-white">
          Unauthorized
        </p>
      </main>
    );
  }

  return (
    <main className="space-y-4 px-4 pt-6">
      <h1 className="text-2xl font-bold text-white">Settings</h1>
      {me && <ProfileCard me={me} />}
      <nav aria-label="Shopping" className="rounded-2xl border border-white/10 bg-white/5">
        <Link href="/settings/orders" className="flex min-h-14 items-center gap-3 rounded-2xl px-4 py-3 hover:bg-white/5">
          <Package aria-hidden="true" className="size-5 text-zinc-300" />
          <span className="flex-1">
            <span className="block text-sm font-semibold text-white">Orders</span>
            <span className="block text-xs text-zinc-400">What you bought, with receipts and downloads</span>
          </span>
          <ChevronRight aria-hidden="true" className="size-4 text-zinc-500" />
        </Link>
      </nav>
      <SettingsGroups extras={{ 'Privacy & Security': <BlockedAccountsDialog /> }} />
      <AccountSection logout={<LogoutButton label="Log Out" className="w-full justify-start" />} />
    </main>
  );
}

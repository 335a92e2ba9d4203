//! The top of a profile: avatar, names, counts (Followers and Following open their lists,
//! issue 43), bio, skills, and the actions
//! the page puts there (own: edit, settings, logout; others: follow, message), and beside the
//! names the menu it hands in (others: the '⋯' menu, issue 20). A private account has a lock
//! after its @username; an account of another server (issue 46) says which, with a link there.
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { remoteHost } from '@/lib/remote-handle';
import { skillName } from '@/lib/skills';
import type { Profile } from '@/types/social';
import { PRIVATE_PROFILE_TEXT } from '../privacy-text';
import { AvatarUpload } from './avatar-upload';
import { FollowListDialog } from './follow-list-dialog';
import { RemoteAccountNote } from './remote-account-note';

function Count({ value, label }: { value: number; label: string }) {
  return (
    <li className="flex flex-col items-center">
      <span className="text-lg font-semibold text-white">{value.toLocaleString('en-US')}</span>
      <span className="text-xs text-zinc-400">{label}</span>
    </li>
  );
}

export function ProfileHeader({
  profile,
  isOwn,
  actions,
  menu,
}: {
  profile: Profile;
  isOwn: boolean;
  actions?: ReactNode;
  menu?: ReactNode;
}) {
  const host = remoteHost(profile.username);
  return (
    <section aria-label="Profile" className="px-4 pt-6">
      <div className="flex items-center gap-5">
        {isOwn ? (
          <AvatarUpload src={profile.profileImageUrl} name={profile.displayName} className="size-24" />
        ) : (
          <Avatar src={profile.profileImageUrl} name={profile.displayName} className="size-24 text-3xl" />
        )}
        <ul className="flex flex-1 justify-around">
          <Count value={profile.postsCount} label="Posts" />
          <li>
            <FollowListDialog userId={profile.id} username={profile.username} side="followers" count={profile.followersCount} />
          </li>
          <li>
            <FollowListDialog userId={profile.id} username={profile.username} side="following" count={profile.followingCount} />
          </li>
        </ul>
      </div>
      <div className="mt-4 flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-semibold break-words text-white">{profile.displayName}</h1>
          <p className="flex items-center gap-1 text-sm break-all text-zinc-400">
            @{profile.username}
            {profile.isPrivate && (
              <>
                <Lock aria-hidden="true" className="size-3.5" />
                <span className="sr-only">{PRIVATE_PROFILE_TEXT.badge}</span>
              </>
            )}
          </p>
          {host && <RemoteAccountNote username={profile.username} host={host} />}
        </div>
        {menu}
      </div>
      {profile.bio && <p className="mt-2 text-sm whitespace-pre-line text-zinc-200">{profile.bio}</p>}
      {profile.skills.length > 0 && (
        <ul aria-label="Skills" className="mt-3 flex flex-wrap gap-2">
          {profile.skills.map((skill) => (
            <li key={skill} className="rounded-full border border-fuchsia-400/30 bg-fuchsia-500/10 px-3 py-1 text-xs font-medium text-fuchsia-200">
              {skillName(skill)}
            </li>
          ))}
        </ul>
      )}
      {actions && <div className="mt-4 grid auto-cols-fr grid-flow-col gap-2">{actions}</div>}
    </section>
  );
}

export function ProfileHeaderSkeleton() {
  return (
    <div role="status" aria-label="Loading profile" className="px-4 pt-6">
      <div className="flex items-center gap-5">
        <Skeleton className="size-24 rounded-full" />
        <Skeleton className="h-10 flex-1" />
      </div>
      <Skeleton className="mt-4 h-5 w-40" />
      <Skeleton className="mt-2 h-4 w-24" />
      <Skeleton className="mt-4 h-11 w-full rounded-xl" />
    </div>
  );
}

//! /profile/{username}: the header, then POSTS, REELS (issue 9), SHOP (the
//! creator's works for sale, issue 23; an order refreshes Recent Orders) and (own profile only)
//! SAVED and DRAFTS (issue 44: your drafts and scheduled posts; `?tab=drafts` or
//! `?tab=scheduled` opens it, as the composer does once it saved one). The own profile's actions include 'Earnings' beside Settings; someone else's
//! profile has 'Support' beside Follow and Message (a tip, issue 23) and the '⋯' menu (mute,
//! block: issue 20); an account of another server (`name@host`, issue 46) has Follow alone and POSTS alone. Issue 20's private accounts: someone else's
//! private profile you do not follow shows 'This account is private' instead of the tabs (none
//! of their lists is fetched); your own private profile has the follow requests entry.
import { useQueryClient } from '@tanstack/react-query';
import { Bookmark, Clapperboard, FileText, Grid3x3, Settings, Store, UserX, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link, Redirect, useParams, useSearch } from 'wouter';
import { SupportButton } from '@/components/support-button';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs } from '@/components/ui/tabs';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { MessageButton } from '@/features/chat/components/message-button';
import { earningsKeys } from '@/features/earnings/api/keys';
import { ProfileDrafts, type DraftsView } from '@/features/posts/components/profile-drafts';
import { UserPostsGrid } from '@/features/posts/components/profile-post-lists';
import { SavedSection } from '@/features/posts/components/saved-collections';
import { UserReelsGrid } from '@/features/reels/components/user-reels-grid';
import { ProfileMenu } from '@/features/safety/components/profile-menu';
import { SellerWorks } from '@/features/shop/components/seller-works';
import { useFollowStatus } from '@/features/users/api/get-follow-status';
import { isNotFound, useProfile } from '@/features/users/api/get-profile';
import { EditProfileDialog } from '@/features/users/components/edit-profile-dialog';
import { FollowButton } from '@/features/users/components/follow-button';
import { FollowRequestsEntry } from '@/features/users/components/follow-requests-dialog';
import { PrivateAccountNotice } from '@/features/users/components/private-account-notice';
import { ProfileHeader, ProfileHeaderSkeleton } from '@/features/users/components/profile-header';
import { useCurrentUser } from '@/lib/auth';
import { remoteHost } from '@/lib/remote-handle';
import type { Profile } from '@/types/social';

type TabId = 'posts' | 'reels' | 'shop' | 'saved' | 'drafts';

/** `?tab=drafts` or `?tab=scheduled`: your profile opens on DRAFTS, showing that list. */
function draftsViewOf(search: string): DraftsView | null {
  const wanted = new URLSearchParams(search).get('tab');
  return wanted === 'drafts' || wanted === 'scheduled' ? wanted : null;
}

const linkButton =
  'inline-flex min-h-11 min-w-0 items-center justify-center gap-2 rounded-xl border border-white/10 bg-white/5 px-1 text-sm whitespace-nowrap font-semibold text-zinc-100 transition hover:bg-white/10 max-[399px]:text-[13px] [&>svg]:max-[399px]:hidden';

/** A profile action among three in a phone's width: its icon goes below 400 px, never squeezed. */
const fitted = 'min-w-0 px-1 whitespace-nowrap max-[399px]:text-[13px] [&>svg]:max-[399px]:hidden';

/** Whether the signed-in user follows `profile`, or asked to: the follow status once read, else the profile's. */
function useFollowState(profile: Profile, { enabled }: { enabled: boolean }) {
  const status = useFollowStatus(profile.id, { enabled });
  return {
    isFollowing: status.data?.isFollowing ?? profile.isFollowing,
    isRequested: status.data?.isRequested ?? profile.isRequested,
  };
}

/** Chats and tips stay on Atelier (docs/federation.md): an account of another server is only followed. */
function OtherUserActions({ profile, follow }: { profile: Profile; follow: { isFollowing: boolean; isRequested: boolean } }) {
  const followButton = <FollowButton userId={profile.id} isFollowing={follow.isFollowing} isRequested={follow.isRequested} className="min-w-0" />;
  if (remoteHost(profile.username)) return followButton;
  return (
    <>
      {followButton}
      <MessageButton userId={profile.id} className={fitted} />
      <SupportButton
        recipient={profile}
        variant="button"
        className={fitted}
      />
    </>
  );
}

function OwnActions({ profile }: { profile: Profile }) {
  return (
    <>
      <EditProfileDialog profile={profile} className={fitted} />
      <Link href="/settings" className={linkButton}>
        <Settings aria-hidden="true" className="size-4" />
        Settings
      </Link>
      <Link href="/earnings" className={linkButton}>
        <Wallet aria-hidden="true" className="size-4" />
        Earnings
      </Link>
      <LogoutButton className="min-w-0 px-1 whitespace-nowrap max-[399px]:text-[13px] [&>svg]:max-[399px]:hidden" />
    </>
  );
}

function ProfileView({ username }: { username: string }) {
  const profile = useProfile(username);

  if (profile.isPending) return <ProfileHeaderSkeleton />;
  if (profile.isError) {
    return isNotFound(profile.error) ? (
      <EmptyState icon={<UserX aria-hidden="true" className="size-6" />} title="User not found" description="This profile doesn't exist" className="pt-24" />
    ) : (
      <EmptyState title="Failed to load profile" description="Please try again later." className="pt-24" />
    );
  }
  return <LoadedProfile user={profile.data} />;
}

function LoadedProfile({ user }: { user: Profile }) {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const isOwn = user.id === me.id;
  const asked = draftsViewOf(useSearch());
  const [tab, setTab] = useState<TabId>(isOwn && asked ? 'drafts' : 'posts');
  const [draftsView, setDraftsView] = useState<DraftsView>(asked ?? 'drafts');
  // Not fetched for your own profile (docs/decisions.md).
  const follow = useFollowState(user, { enabled: !isOwn });
  const locked = !isOwn && user.isPrivate && !follow.isFollowing;
  // Reels and the shop stay on Atelier: another server's account has its posts alone (issue 46).
  const remote = remoteHost(user.username) !== null;
  const postsTab = {
    id: 'posts' as const,
    label: (
      <>
        <Grid3x3 aria-hidden="true" className="size-4" /> POSTS
      </>
    ),
    panel: <UserPostsGrid userId={user.id} own={isOwn} />,
  };
  const reelsTab = {
    id: 'reels' as const,
    label: (
      <>
        <Clapperboard aria-hidden="true" className="size-4" /> REELS
      </>
    ),
    panel: <UserReelsGrid userId={user.id} />,
  };
  const shopTab = {
    id: 'shop' as const,
    label: (
      <>
        <Store aria-hidden="true" className="size-4" /> SHOP
      </>
    ),
    panel: <SellerWorks userId={user.id} onOrdered={() => void queryClient.invalidateQueries({ queryKey: earningsKeys.orders() })} />,
  };
  const savedTab = {
    id: 'saved' as const,
    label: (
      <>
        <Bookmark aria-hidden="true" className="size-4" /> SAVED
      </>
    ),
    panel: <SavedSection />,
  };
  const draftsTab = {
    id: 'drafts' as const,
    label: (
      <>
        <FileText aria-hidden="true" className="size-4" /> DRAFTS
      </>
    ),
    panel: <ProfileDrafts view={draftsView} onViewChange={setDraftsView} />,
  };

  return (
    <>
      <ProfileHeader
        profile={user}
        isOwn={isOwn}
        actions={isOwn ? <OwnActions profile={user} /> : <OtherUserActions profile={user} follow={follow} />}
        menu={isOwn ? undefined : <ProfileMenu profile={user} className="-mt-1 -mr-2 text-zinc-300 hover:bg-white/5 hover:text-white" />}
      />
      {isOwn && <FollowRequestsEntry enabled={user.isPrivate} />}
      {locked ? (
        <PrivateAccountNotice isRequested={follow.isRequested} />
      ) : (
        <div className="mt-6">
          <Tabs label="Profile sections" value={tab} onChange={setTab} tabs={isOwn ? [postsTab, reelsTab, shopTab, savedTab, draftsTab] : remote ? [postsTab] : [postsTab, reelsTab, shopTab]} />
        </div>
      )}
    </>
  );
}

/**
 * The route's username as typed: the router leaves `%40` and `%3A` encoded, and an account of
 * another server is named `name@host:port` (issue 46).
 */
function decodedUsername(param: string): string {
  try {
    return decodeURIComponent(param);
  } catch {
    return param;
  }
}

export default function ProfilePage() {
  const params = useParams<{ username?: string }>();
  const me = useCurrentUser();
  if (!params.username) return <Redirect to={`/profile/${encodeURIComponent(me.username)}`} replace />;
  const username = decodedUsername(params.username);
  return (
    <main className="pb-6">
      {/* Keyed by username so moving between profiles starts on POSTS. */}
      <ProfileView key={username.toLowerCase()} username={username} />
    </main>
  );
}

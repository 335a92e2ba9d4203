//! The navigation down the left side on a desktop (from 1024 px), in place of the bottom bar:
//! the same destinations (nav-items.ts), each with its icon and full label, Logout (asking
//! first, issue 43) at the foot, plus Notifications after Messages (issue 21); both carry their unread counts.
import { LogOut } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Avatar } from '@/components/ui/avatar';
import { CountBadge } from '@/components/ui/count-badge';
import { LogoutConfirm } from '@/features/auth/components/logout-confirm';
import { useUnreadMessagesCount } from '@/features/chat/api/get-unread-count';
import { useUnreadNotifications } from '@/features/notifications/api/get-unread-count';
import type { User } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { activeTabFor } from './active-tab';
import { navTabs, type NavLinkProps, notificationsTab, profileHref, type NavTab } from './nav-items';
import { NavLabel } from './nav-label';

const itemClass = 'flex min-h-12 w-full items-center gap-3 rounded-xl px-3 text-[15px] font-medium transition';

function itemState(active: boolean) {
  return active ? 'bg-white/10 text-white' : 'text-zinc-300 hover:bg-white/5 hover:text-white';
}

function SideLink({
  href,
  label,
  icon: Icon,
  active,
  count = 0,
}: NavLinkProps) {
  return (
    <Link href={href} aria-current={active ? 'page' : undefined} className={cn(itemClass, itemState(active))}>
      <Icon aria-hidden="true" className={cn('size-6 shrink-0', active && 'text-fuchsia-400')} strokeWidth={active ? 2.5 : 2} />
      <NavLabel label={label} count={count} />
      <CountBadge count={count} className="ml-auto" />
    </Link>
  );
}

export function SideNav({ user }: { user: User }) {
  const [location] = useLocation();
  const active = activeTabFor(location);
  const counts: Partial<Record<NavTab['id'], number>> = {
    chat: useUnreadMessagesCount(),
    notifications: useUnreadNotifications(),
  };
  // A desktop has the room for Notifications beside Messages (the phone's is home's bell).
  const tabs = navTabs(user.isAdmin).flatMap((tab) => (tab.id === 'chat' ? [tab, notificationsTab] : [tab]));

  return (
    <nav
      aria-label="Main"
      data-testid="side-nav"
      // 15 rem wide: the shell leaves the same room (lg:pl-60), fixed overlays too (lg:left-60).
      className="fixed inset-y-0 left-0 z-40 hidden w-60 flex-col border-r border-white/10 bg-zinc-950 px-3 py-6 lg:flex"
    >
      <Link href="/" className="mb-6 flex items-center gap-3 rounded-xl px-3">
        <span
          aria-hidden="true"
          className="grid size-9 place-items-center rounded-xl bg-gradient-to-br from-fuchsia-500 via-purple-500 to-indigo-500 text-lg font-bold text-white"
        >
          A
        </span>
        <span className="text-xl font-bold tracking-tight text-white">Atelier</span>
      </Link>
      <ul className="flex flex-1 flex-col gap-1">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <SideLink href={tab.href} label={tab.label} icon={tab.icon} active={active === tab.id} count={counts[tab.id]} />
          </li>
        ))}
        <li>
          <Link
            href={profileHref(user.username)}
            aria-current={active === 'profile' ? 'page' : undefined}
            className={cn(itemClass, itemState(active === 'profile'))}
          >
            <Avatar
              src={user.profileImageUrl}
              name={user.displayName}
              className={cn('size-6 shrink-0 text-[11px]', active === 'profile' && 'ring-2 ring-fuchsia-400')}
            />
            <span className="truncate">Profile</span>
          </Link>
        </li>
        <li className="mt-auto">
          <LogoutConfirm
            trigger={
              <button type="button" className={cn(itemClass, itemState(false))}>
                <LogOut aria-hidden="true" className="size-6 shrink-0" />
                <span className="truncate">Logout</span>
              </button>
            }
          />
        </li>
      </ul>
    </nav>
  );
}

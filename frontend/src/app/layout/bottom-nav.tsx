//! The tab bar under the column: 7 items, or 8 with Admin for admins. Phones and
//! tablets only: from 1024 px the side navigation takes its place. Messages carries the count of
//! unread messages (issue 21). Logout asks first (issue 43).
import { LogOut } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Avatar } from '@/components/ui/avatar';
import { CountBadge } from '@/components/ui/count-badge';
import { LogoutConfirm } from '@/features/auth/components/logout-confirm';
import { useUnreadMessagesCount } from '@/features/chat/api/get-unread-count';
import type { User } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { activeTabFor, type TabId } from './active-tab';
import { navTabs, type NavLinkProps, profileHref } from './nav-items';
import { NavLabel } from './nav-label';

const itemClass =
  'flex min-h-14 min-w-11 flex-1 flex-col items-center justify-center gap-1 rounded-xl px-0.5 text-[10px] leading-none font-medium transition';

function itemState(active: boolean) {
  return active ? 'text-white' : 'text-zinc-400 hover:text-zinc-100';
}

function NavLink({
  href,
  label,
  icon: Icon,
  active,
  count = 0,
}: NavLinkProps) {
  return (
    <Link href={href} aria-current={active ? 'page' : undefined} className={cn(itemClass, itemState(active))}>
      <span className="relative grid size-6 place-items-center">
        <Icon aria-hidden="true" className={cn('size-5', active && 'text-fuchsia-400')} strokeWidth={active ? 2.5 : 2} />
        <CountBadge count={count} className="absolute -top-1.5 left-3.5 ring-2 ring-zinc-950" />
      </span>
      <NavLabel label={label} count={count} className="max-w-full" />
    </Link>
  );
}

export function BottomNav({ user }: { user: User }) {
  const [location] = useLocation();
  const active: TabId = activeTabFor(location);
  const unreadMessages = useUnreadMessagesCount();

  const tabs = navTabs(user.isAdmin);

  return (
    <nav
      aria-label="Main"
      data-testid="bottom-nav"
      className="fixed inset-x-0 bottom-0 z-40 mx-auto w-full max-w-[480px] border-t border-white/10 bg-zinc-950/90 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="flex items-stretch justify-between px-1">
        {tabs.map((tab) => (
          <li key={tab.id} className="flex flex-1">
            <NavLink
              href={tab.href}
              label={tab.label}
              icon={tab.icon}
              active={active === tab.id}
              count={tab.id === 'chat' ? unreadMessages : 0}
            />
          </li>
        ))}
        <li className="flex flex-1">
          <Link
            href={profileHref(user.username)}
            aria-current={active === 'profile' ? 'page' : undefined}
            className={cn(itemClass, itemState(active === 'profile'))}
          >
            <Avatar
              src={user.profileImageUrl}
              name={user.displayName}
              className={cn('size-6 text-[11px]', active === 'profile' && 'ring-2 ring-fuchsia-400')}
            />
            <span className="max-w-full truncate">Profile</span>
          </Link>
        </li>
        <li className="flex flex-1">
          <LogoutConfirm
            trigger={
              <button type="button" className={cn(itemClass, itemState(false))}>
                <span className="grid size-6 place-items-center">
                  <LogOut aria-hidden="true" className="size-5" />
                </span>
                <span className="max-w-full truncate">Logout</span>
              </button>
            }
          />
        </li>
      </ul>
    </nav>
  );
}

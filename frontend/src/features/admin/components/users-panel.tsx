//! Users (docs/admin-contract.md): the tiles from /api/admin/users/summary (total, admins, online)
//! and every account, newest first, searchable by username, display name or email; each with
//! name and username, email, followers, following, posts, online/offline, Admin/User, joined,
//! and 'Deactivated' when it is: cards on a phone, a table on a desktop.
import { Shield, UserCheck, Users, Wifi } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadMore } from '@/components/load-more';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { StatTile } from '@/components/ui/stat-tile';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useIsDesktop } from '@/hooks/use-media-query';
import { useAdminUsers } from '../api/get-admin-users';
import { useUserSummary } from '../api/get-user-summary';
import type { AdminUser } from '../types';
import { Badge, numericCell, SectionHeading, shortDate, Table, Tiles } from './parts';

const count = new Intl.NumberFormat('en-US');

function RoleBadge({ user: u }: { user: AdminUser }) {
  return u.isAdmin ? <Badge tone="purple">Admin</Badge> : <Badge tone="zinc">User</Badge>;
}

function StatusBadges({ user: u }: { user: AdminUser }) {
  return (
    <>
      {u.isOnline ? <Badge tone="green">Online</Badge> : <Badge tone="zinc">Offline</Badge>}
      {!u.isActive && <Badge tone="red">Deactivated</Badge>}
    </>
  );
}

function UserRow({ user: u }: { user: AdminUser }) {
  return (
    <li aria-label={u.displayName} className="flex gap-3 px-3 py-3">
      <Avatar src={u.profileImage} name={u.displayName} className="size-10 shrink-0 text-sm" />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-white">{u.displayName}</p>
          <p className="truncate text-xs text-zinc-400">@{u.username}</p>
        </div>
        <div className="flex flex-wrap gap-1">
          <RoleBadge user={u} />
          <StatusBadges user={u} />
        </div>
        <p className="truncate text-xs text-zinc-300">{u.email}</p>
        <p className="text-xs text-zinc-500 tabular-nums">
          {count.format(u.followersCount)} followers · {count.format(u.followingCount)} following · {count.format(u.postsCount)} posts
        </p>
        <p className="text-xs text-zinc-500">Joined {shortDate(u.createdAt)}</p>
      </div>
    </li>
  );
}

/** The desktop's table: one row per account. */
function UsersTable({ users }: { users: AdminUser[] }) {
  return (
    <Table
      label="Users"
      columns={[
        { label: 'User' },
        { label: 'Email' },
        { label: 'Role' },
        { label: 'Status' },
        { label: 'Followers', numeric: true },
        { label: 'Following', numeric: true },
        { label: 'Posts', numeric: true },
        { label: 'Joined' },
      ]}
    >
      {users.map((u) => (
        <tr key={u.id} aria-label={u.displayName}>
          <td>
            <div className="flex items-center gap-3">
              <Avatar src={u.profileImage} name={u.displayName} className="size-9 shrink-0 text-sm" />
              <div className="min-w-0">
                <p className="font-semibold text-white">{u.displayName}</p>
                <p className="text-xs text-zinc-400">@{u.username}</p>
              </div>
            </div>
          </td>
          <td className="max-w-64 truncate">{u.email}</td>
          <td>
            <RoleBadge user={u} />
          </td>
          <td>
            <div className="flex flex-wrap gap-1">
              <StatusBadges user={u} />
            </div>
          </td>
          <td className={numericCell}>{count.format(u.followersCount)}</td>
          <td className={numericCell}>{count.format(u.followingCount)}</td>
          <td className={numericCell}>{count.format(u.postsCount)}</td>
          <td className="whitespace-nowrap">{shortDate(u.createdAt)}</td>
        </tr>
      ))}
    </Table>
  );
}

export function UsersPanel() {
  const id = useId();
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query.trim(), 300);
  const summary = useUserSummary();
  const users = useAdminUsers(q);
  const desktop = useIsDesktop();
  const list = users.data?.pages.flatMap((page) => page.items) ?? [];
  const s = summary.data;
  const failed = summary.isError && !s;

  let body;
  if (users.isPending) body = <Skeleton className="h-40 rounded-2xl" />;
  else if (users.isError) body = <EmptyState title="Failed to load users" description="Please try again later." className="py-6" />;
  else if (list.length === 0)
    body = <EmptyState icon={<Users aria-hidden="true" className="size-6" />} title="No users found" className="py-8" />;
  else
    body = (
      <>
        {desktop ? (
          <UsersTable users={list} />
        ) : (
          <ul aria-label="Users" className="divide-y divide-white/10 rounded-2xl border border-white/10 bg-zinc-900/70">
            {list.map((u) => (
              <UserRow key={u.id} user={u} />
            ))}
          </ul>
        )}
        <LoadMore hasNextPage={users.hasNextPage} isFetchingNextPage={users.isFetchingNextPage} fetchNextPage={users.fetchNextPage} />
      </>
    );

  return (
    <div className="space-y-4 pt-4">
      <Tiles label="User totals" failed={failed}>
        <StatTile label="Total Users" value={s && count.format(s.totalUsers)} failed={failed} icon={Users} accent="text-sky-400" />
        <StatTile label="Admin Users" value={s && count.format(s.adminUsers)} failed={failed} icon={Shield} accent="text-fuchsia-400" />
        <StatTile label="Online Users" value={s && count.format(s.onlineUsers)} failed={failed} icon={Wifi} accent="text-emerald-400" />
      </Tiles>
      <section aria-labelledby="admin-users-heading" className="space-y-2">
        <SectionHeading id="admin-users-heading">
          <span className="inline-flex items-center gap-2">
            <UserCheck aria-hidden="true" className="size-5 text-zinc-400" /> Users
          </span>
        </SectionHeading>
        <SearchInput
          label={
            <Label htmlFor={`${id}-q`} className="sr-only">
              Search users
            </Label>
          }
          id={`${id}-q`}
          placeholder="Search by name, username or email"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {body}
      </section>
    </div>
  );
}

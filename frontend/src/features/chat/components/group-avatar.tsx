//! A group's picture: its own when it has one, else two of its members' avatars stacked (the
//! initials where they have no picture), else the name's initial.
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';
import type { ChatUser } from '../types';

export function GroupAvatar({
  name,
  avatarUrl,
  members,
  className = 'size-12 text-lg',
}: {
  name: string;
  avatarUrl: string | null;
  /** The members to stack when the group has no picture (the session user left out). */
  members: ChatUser[];
  /** Size and text size of the whole circle, as Avatar's. */
  className?: string;
}) {
  const [first, second] = members;
  if (avatarUrl || !first || !second) return <Avatar src={avatarUrl} name={name} className={className} />;
  return (
    <span role="img" aria-label={name} className={cn('relative block shrink-0', className)}>
      <span aria-hidden="true">
        <Avatar
          src={first.profileImage}
          name={first.displayName}
          className="absolute top-0 left-0 size-[68%] text-[0.6em] ring-2 ring-zinc-950"
        />
        <Avatar
          src={second.profileImage}
          name={second.displayName}
          className="absolute right-0 bottom-0 size-[68%] text-[0.6em] ring-2 ring-zinc-950"
        />
      </span>
    </span>
  );
}

//! One person as a choice in a list (a search's results in Start New Chat, a group's Add
//! people, a canvas's Invite): avatar, name and @username on a button, with what the list wants
//! at its end (a check when picked, 'Invited').
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

export interface PersonOptionPerson {
  displayName: string;
  username: string;
  profileImageUrl: string | null;
}

export function PersonOption({
  person,
  onClick,
  pressed,
  picked = false,
  disabled = false,
  end,
}: {
  person: PersonOptionPerson;
  onClick: () => void;
  /** A toggle's state (aria-pressed); undefined for a plain choice. */
  pressed?: boolean;
  /** Shown as chosen. */
  picked?: boolean;
  disabled?: boolean;
  end?: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'flex min-h-14 w-full items-center gap-3 rounded-xl px-2 py-1.5 text-left transition hover:bg-white/5 disabled:opacity-60',
        picked && 'bg-white/10',
      )}
    >
      <Avatar src={person.profileImageUrl} name={person.displayName} className="size-10 text-base" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-white">{person.displayName}</span>
        <span className="block truncate text-sm text-zinc-400">@{person.username}</span>
      </span>
      {end}
    </button>
  );
}

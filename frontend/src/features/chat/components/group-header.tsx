//! A group's header (issue 22): its picture and name, 'n members' and 'k online' (the other
//! members' presence, kept live by the socket's `presence`); the name opens the members sheet,
//! and so does a tap anywhere on the picture and name. Calls are one-to-one: there is no call
//! button here. The 'Chat details' menu holds 'Search in conversation' (issue 47). On a narrow
//! screen a back button returns to the list.
import { useState, type RefObject } from 'react';
import { MoreOptionsMenu } from '@/components/more-options-menu';
import { conversationTitle, membersText, onlineCount, otherMembers } from '../conversation';
import type { Conversation } from '../types';
import { BackButton, useSearchMenuItem } from './chat-header';
import { GroupAvatar } from './group-avatar';
import { MembersSheet } from './members-sheet';
import type { UserSearchHook } from './people-picker';

/** The header's second line: '4 members · 2 online' ('· k online' only while someone else is). */
export function groupPresenceText(conversation: Conversation, meId: number): string {
  const online = onlineCount(conversation, meId);
  const members = membersText(conversation.participants.length);
  return online > 0 ? `${members} · ${online} online` : members;
}

export function GroupHeader({
  conversation,
  meId,
  showBack,
  useUserSearch,
  onSearch,
  menuRef,
}: {
  conversation: Conversation;
  meId: number;
  showBack: boolean;
  useUserSearch: UserSearchHook;
  /** Opens 'Search in conversation'. */
  onSearch: () => void;
  /** The 'Chat details' button, for focus to come back to when the search closes. */
  menuRef?: RefObject<HTMLButtonElement | null>;
}) {
  const [open, setOpen] = useState(false);
  const search = useSearchMenuItem(onSearch);
  const title = conversationTitle(conversation, meId);
  return (
    <header className="flex items-center gap-1 border-b border-white/10 px-1 py-1.5">
      {showBack && <BackButton />}
      <div className="relative flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-xl pl-1 hover:bg-white/5">
        <GroupAvatar
          name={title}
          avatarUrl={conversation.avatarUrl}
          members={otherMembers(conversation, meId)}
          className="size-10 text-base"
        />
        <div className="min-w-0">
          <h2 className="truncate leading-tight font-semibold text-white">
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => setOpen(true)}
              // Stretched over the picture and the lines below: the whole header opens the sheet.
              className="text-left after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-fuchsia-400/70"
            >
              {title}
            </button>
          </h2>
          <p className="mt-0.5 truncate text-xs text-zinc-400">{groupPresenceText(conversation, meId)}</p>
        </div>
      </div>
      <MoreOptionsMenu
        label="Chat details"
        triggerRef={menuRef}
        className="text-zinc-300 hover:bg-white/5 hover:text-white"
        onCloseAutoFocus={search.onCloseAutoFocus}
      >
        {search.item}
      </MoreOptionsMenu>
      <MembersSheet
        conversation={conversation}
        meId={meId}
        useUserSearch={useUserSearch}
        open={open}
        onOpenChange={setOpen}
      />
    </header>
  );
}

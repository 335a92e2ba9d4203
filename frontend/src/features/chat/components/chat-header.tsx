//! The chat pane's header: the other user's name (opens their profile), 'Online'
//! or 'Last seen …', the voice call button (handed in: calls are their own feature), a button to
//! the voicemails and the 'Chat details' menu, which holds 'Search in conversation' (issue 47) and
//! Leave chat: asked first (issue 43), rather than one tap beside the call button. On a narrow
//! screen a back button returns to the list.
import { ArrowLeft, LogOut, Search } from 'lucide-react';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useLocation } from 'wouter';
import { MoreOptionsMenu } from '@/components/more-options-menu';
import { Avatar } from '@/components/ui/avatar';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';
import { toast } from '@/components/ui/use-toast';
import { useClockTick } from '@/hooks/use-clock-tick';
import { useLeaveConversation } from '../api/leave-conversation';
import { presenceText } from '../conversation';
import type { ChatUser } from '../types';
import { VoicemailLink } from './voicemail-link';

const iconButtonClass = 'text-zinc-300 hover:bg-white/5 hover:text-white disabled:opacity-60';

/** 'Last seen …', kept current by the clock tick. */
function LastSeen({ user }: { user: ChatUser }) {
  useClockTick();
  return <p className="mt-0.5 truncate text-xs text-zinc-400">{presenceText(user)}</p>;
}

/** On a narrow screen: back to the conversation list. */
export function BackButton() {
  const [, navigate] = useLocation();
  return (
    <IconButton
      label="Back to conversations"
      icon={ArrowLeft}
      iconClassName="size-5"
      onClick={() => navigate('/chat')}
      className={iconButtonClass}
    />
  );
}

/**
 * 'Search in conversation' for a header's 'Chat details' menu (issue 47), and the menu's
 * `onCloseAutoFocus`: the search field it opens takes focus, which the closing menu must not
 * take back to its button.
 */
export function useSearchMenuItem(onSearch: () => void) {
  const chosen = useRef(false);
  return {
    item: (
      <DropdownMenuItem
        onSelect={() => {
          chosen.current = true;
          onSearch();
        }}
      >
        <Search aria-hidden="true" />
        Search in conversation
      </DropdownMenuItem>
    ),
    onCloseAutoFocus: (event: Event) => {
      if (!chosen.current) return;
      chosen.current = false;
      event.preventDefault();
    },
  };
}

export function ChatHeader({
  conversationId,
  other,
  showBack,
  callButton,
  onSearch,
  menuRef,
}: {
  conversationId: number;
  other: ChatUser;
  showBack: boolean;
  /** The voice call button for this conversation. */
  callButton?: ReactNode;
  /** Opens 'Search in conversation'. */
  onSearch: () => void;
  /** The 'Chat details' button, for focus to come back to when the search closes. */
  menuRef?: RefObject<HTMLButtonElement | null>;
}) {
  const [, navigate] = useLocation();
  const leave = useLeaveConversation();
  const [confirmLeave, setConfirmLeave] = useState(false);
  const ownMenu = useRef<HTMLButtonElement>(null);
  const menu = menuRef ?? ownMenu;
  const search = useSearchMenuItem(onSearch);
  const profileHref = other.username ? `/profile/${encodeURIComponent(other.username)}` : null;

  // Awaited rather than per-call callbacks: the socket's `conversationUpdated` (null) may close
  // this conversation, unmounting the header, before the answer arrives, and a mutation's
  // per-call callbacks do not run once their component is gone.
  const onLeave = async () => {
    try {
      await leave.mutateAsync(conversationId);
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to leave conversation' });
      return;
    }
    setConfirmLeave(false);
    toast({ title: 'Left Chat', description: 'You have left the conversation' });
    navigate('/chat');
  };

  return (
    <header className="flex items-center gap-1 border-b border-white/10 px-1 py-1.5">
      {showBack && <BackButton />}
      <div className="flex min-w-0 flex-1 items-center gap-2 pl-1">
        {profileHref ? (
          // The avatar repeats the name's link for a larger touch target; only the name is announced.
          <Link href={profileHref} tabIndex={-1} aria-hidden="true" className="shrink-0 rounded-full">
            <Avatar src={other.profileImage} name={other.displayName} className="size-10 text-base" />
          </Link>
        ) : (
          <Avatar src={other.profileImage} name={other.displayName} className="size-10 text-base" />
        )}
        <div className="min-w-0">
          <h2 className="truncate leading-tight font-semibold text-white">
            {profileHref ? (
              <Link href={profileHref} className="hover:underline">
                {other.displayName}
              </Link>
            ) : (
              other.displayName
            )}
          </h2>
          {other.isOnline ? (
            <span className="mt-0.5 inline-block rounded-full bg-emerald-500/20 px-2 text-xs leading-5 font-semibold text-emerald-300">
              Online
            </span>
          ) : (
            <LastSeen user={other} />
          )}
        </div>
      </div>
      {callButton}
      <VoicemailLink label="Open voicemails" className="text-zinc-300" />
      <MoreOptionsMenu label="Chat details" triggerRef={menu} className={iconButtonClass} onCloseAutoFocus={search.onCloseAutoFocus}>
        {search.item}
        <DropdownMenuItem destructive onSelect={() => setConfirmLeave(true)}>
          <LogOut aria-hidden="true" />
          Leave chat
        </DropdownMenuItem>
      </MoreOptionsMenu>
      <ConfirmDialog
        open={confirmLeave}
        onOpenChange={setConfirmLeave}
        returnFocusTo={() => menu.current}
        title="Leave this chat?"
        description={`It leaves your list; a new message from ${other.displayName} brings it back.`}
        confirmLabel="Leave"
        busyLabel="Leaving..."
        busy={leave.isPending}
        onConfirm={() => void onLeave()}
      />
    </header>
  );
}

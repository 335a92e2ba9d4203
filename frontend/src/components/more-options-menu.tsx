//! The '⋯' menu (issue 20): a round 'More options' button opening a dropdown of the items given.
//! Posts, reels and comments (author-menu.tsx), a profile and a one-to-one chat's header ('Chat
//! details') use this one menu; with no items there is no button. An item that moves focus on
//! purpose (the chat's search field) keeps it there by preventing `onCloseAutoFocus`.
import { MoreHorizontal } from 'lucide-react';
import { Children, type ReactNode, type Ref } from 'react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';
import { cn } from '@/lib/utils';

export function MoreOptionsMenu({
  children,
  label = 'More options',
  className,
  iconClassName = 'size-5',
  tabIndex,
  triggerRef,
  onCloseAutoFocus,
}: {
  /** DropdownMenuItems; false and null ones are left out. */
  children?: ReactNode;
  /** The trigger's accessible name. */
  label?: string;
  /** The trigger's colours (and size, past the 44 px round button). */
  className?: string;
  iconClassName?: string;
  tabIndex?: number;
  triggerRef?: Ref<HTMLButtonElement>;
  /** As the menu closes, before focus goes back to its button: preventDefault() leaves focus where an item put it. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  if (Children.toArray(children).length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger ref={triggerRef} asChild>
        <IconButton
          label={label}
          icon={MoreHorizontal}
          iconClassName={iconClassName}
          tabIndex={tabIndex}
          className={cn('data-[state=open]:bg-white/10', className)}
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent onCloseAutoFocus={onCloseAutoFocus}>{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}

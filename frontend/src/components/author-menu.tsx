//! The '⋯' menu of something someone made (a post, a reel, a comment): the items its own feature
//! adds (`children`), then, when the author is someone else, 'Mute @username' and 'Block
//! @username' (issue 20: without opening their profile), which the safety layer carries out
//! (lib/safety-actions.tsx). A 'Report' item would join these two. With nothing to offer (your
//! own post) there is no button.
import { Ban, EyeOff } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { useSafetyActions, type SafetySubject } from '@/lib/safety-actions';
import { MoreOptionsMenu } from './more-options-menu';

export function AuthorMenu({
  author,
  children,
  className,
  iconClassName,
  tabIndex,
}: {
  author: SafetySubject;
  /** Items of the feature's own (for your own things, say). */
  children?: ReactNode;
  className?: string;
  iconClassName?: string;
  tabIndex?: number;
}) {
  const actions = useSafetyActions();
  const trigger = useRef<HTMLButtonElement>(null);
  const byOther = actions !== null && actions.viewerId !== author.id;

  return (
    <MoreOptionsMenu triggerRef={trigger} className={className} iconClassName={iconClassName} tabIndex={tabIndex}>
      {children}
      {byOther && (
        <DropdownMenuItem onSelect={() => actions.mute(author)}>
          <EyeOff aria-hidden="true" />
          Mute @{author.username}
        </DropdownMenuItem>
      )}
      {byOther && (
        <DropdownMenuItem destructive onSelect={() => actions.block(author, { returnFocusTo: trigger.current })}>
          <Ban aria-hidden="true" />
          Block @{author.username}
        </DropdownMenuItem>
      )}
    </MoreOptionsMenu>
  );
}

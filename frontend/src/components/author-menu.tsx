//! The '⋯' menu of something someone made (a post, a reel, a comment): the items its own feature
//! adds (`children`), then, when the author is someone else, 'Mute @username' and 'Block
//! @username' (issue 20: without opening their profile), and 'Report' when the feature names
//! what it is (`report`), which the safety layer carries out (lib/safety-actions.tsx). With
//! nothing to offer (your own post) there is no button.
import { Ban, EyeOff, Flag } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { useSafetyActions, type ReportTarget, type SafetySubject } from '@/lib/safety-actions';
import { MoreOptionsMenu } from './more-options-menu';
import { remoteHost } from '@/lib/remote-handle';

export function AuthorMenu({
  author,
  report,
  children,
  className,
  iconClassName,
  tabIndex,
}: {
  author: SafetySubject;
  /** The post, reel or comment itself, for 'Report' (absent: no Report item). */
  report?: ReportTarget;
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
      {byOther && report && (
        <DropdownMenuItem
          destructive
          onSelect={() => actions.report(report, { returnFocusTo: trigger.current, remoteHost: remoteHost(author.username) })}
        >
          <Flag aria-hidden="true" />
          Report
        </DropdownMenuItem>
      )}
    </MoreOptionsMenu>
  );
}

//! The '⋯' menu of someone else's profile (issue 20): 'Mute' or 'Unmute' (as the profile's
//! `isMuted` says), 'Block' and 'Report account'. After a block the profile is 'User not found' to you, so the
//! page goes to the home feed.
import { Ban, Eye, EyeOff, Flag } from 'lucide-react';
import { useRef } from 'react';
import { useLocation } from 'wouter';
import { MoreOptionsMenu } from '@/components/more-options-menu';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { useSafetyActions, type SafetySubject } from '@/lib/safety-actions';
import { useMuteUser, useUnmuteUser } from '../api/mute-user';
import { REPORT_TEXT } from '../report-text';
import { remoteHost } from '@/lib/remote-handle';

export function ProfileMenu({ profile, className }: { profile: SafetySubject & { isMuted: boolean }; className?: string }) {
  const actions = useSafetyActions();
  const mute = useMuteUser();
  const unmute = useUnmuteUser();
  const [, navigate] = useLocation();
  const trigger = useRef<HTMLButtonElement>(null);
  const subject = { id: profile.id, username: profile.username };

  return (
    <MoreOptionsMenu triggerRef={trigger} className={className}>
      {profile.isMuted ? (
        <DropdownMenuItem disabled={unmute.isPending} onSelect={() => unmute.mutate(subject)}>
          <Eye aria-hidden="true" />
          Unmute
        </DropdownMenuItem>
      ) : (
        <DropdownMenuItem disabled={mute.isPending} onSelect={() => mute.mutate(subject)}>
          <EyeOff aria-hidden="true" />
          Mute
        </DropdownMenuItem>
      )}
      {actions && (
        <DropdownMenuItem
          destructive
          onSelect={() => actions.block(subject, { onBlocked: () => navigate('/'), returnFocusTo: trigger.current })}
        >
          <Ban aria-hidden="true" />
          Block
        </DropdownMenuItem>
      )}
      {actions && (
        <DropdownMenuItem
          destructive
          onSelect={() =>
            actions.report(
              { targetType: 'user', targetId: profile.id },
              { returnFocusTo: trigger.current, remoteHost: remoteHost(profile.username) },
            )
          }
        >
          <Flag aria-hidden="true" />
          {REPORT_TEXT.profileItem}
        </DropdownMenuItem>
      )}
    </MoreOptionsMenu>
  );
}

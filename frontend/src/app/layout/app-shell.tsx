import { lazy, Suspense, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { CallProvider } from '@/features/calls/components/call-provider';
import type { RenderLeaveVoicemail } from '@/features/calls/components/call-layer';
import { ChatSync } from '@/features/chat/components/chat-sync';
import { ThemeSync } from '@/features/settings/components/theme-sync';
import { VoicemailSync } from '@/features/voicemail/components/voicemail-sync';
import type { User } from '@/lib/auth';
import { RealtimeProvider } from '@/lib/realtime-provider';
import { BottomNav } from './bottom-nav';

const LeaveVoicemail = lazy(() =>
  import('@/features/voicemail/components/voicemail-recorder').then((module) => ({ default: module.LeaveVoicemail })),
);

/** After an unanswered call: the voicemail feature's recorder, addressed to the person called. */
const renderLeaveVoicemail: RenderLeaveVoicemail = ({ recipient, onDone }) => (
  <Suspense fallback={<Spinner label="Loading recorder" />}>
    <LeaveVoicemail recipient={recipient} onDone={onDone} />
  </Suspense>
);

/**
 * The signed-in frame: a centred column of at most 480 px with the tab bar pinned below it. The
 * realtime socket is open for as long as it is shown (that is, while signed in), and the call
 * layer sits above every screen so an incoming call rings wherever the user is.
 */
export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  return (
    <RealtimeProvider>
      <ThemeSync />
      <ChatSync />
      <VoicemailSync />
      <CallProvider renderLeaveVoicemail={renderLeaveVoicemail}>
        <div className="mx-auto min-h-dvh w-full max-w-[480px] border-x border-white/5 bg-zinc-950 pb-24">
          {children}
          <BottomNav user={user} />
        </div>
      </CallProvider>
    </RealtimeProvider>
  );
}

import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { OfflineBanner } from '@/components/offline-banner';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/skip-link';
import { Spinner } from '@/components/ui/spinner';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { CallProvider } from '@/features/calls/components/call-provider';
import type { RenderLeaveVoicemail } from '@/features/calls/components/call-layer';
import { ChatSync } from '@/features/chat/components/chat-sync';
import { EarningsSync } from '@/features/earnings/components/earnings-sync';
import { NotificationsSync } from '@/features/notifications/components/notifications-sync';
import { SafetyLayer } from '@/features/safety/components/safety-layer';
import { ThemeSync } from '@/features/settings/components/theme-sync';
import { TipLayer } from '@/features/tips/components/tip-layer';
import { VoiceReactionsSync } from '@/features/voice-reactions/components/voice-reactions-sync';
import { VoicemailSync } from '@/features/voicemail/components/voicemail-sync';
import type { User } from '@/lib/auth';
import { RealtimeProvider } from '@/lib/realtime-provider';
import { useSocketReachability } from '@/lib/server-reachability';
import { cn } from '@/lib/utils';
import { BottomNav } from './bottom-nav';
import { CommunityLayer } from './community-layer';
import { pageWidthClass, pageWidthFor } from './page-width';
import { SideNav } from './side-nav';

const LeaveVoicemail = lazy(() =>
  import('@/features/voicemail/components/voicemail-recorder').then((module) => ({ default: module.LeaveVoicemail })),
);

/** After an unanswered call: the voicemail feature's recorder, addressed to the person called. */
const renderLeaveVoicemail: RenderLeaveVoicemail = ({ recipient, onDone }) => (
  <Suspense fallback={<Spinner label="Loading recorder" />}>
    <LeaveVoicemail recipient={recipient} onDone={onDone} />
  </Suspense>
);

/** Counts the realtime socket in the server's reachability ('Can't reach Atelier — retrying'). */
function SocketReachability() {
  useSocketReachability();
  return null;
}

/**
 * The signed-in frame: on a phone, a centred column of at most 480 px with the tab bar pinned
 * below it; from 1024 px, the navigation down the left side and the page centred in the room
 * beside it, as wide as the page asks (page-width.ts). The
 * realtime socket is open for as long as it is shown (that is, while signed in), and the call
 * layer sits above every screen so an incoming call rings wherever the user is. The safety
 * layer (mute, block and its dialog) wraps the community layer, whose comments have menus too;
 * the tip layer ('Support', issue 23) wraps both. Above every page, under the offline notice,
 * the verification banner shows while the user's email is unverified (issue 41). The offline
 * notice also says when Atelier itself cannot be reached, requests or socket (issue 43). The
 * first Tab stop is 'Skip to main content', which lands past the navigation (issue 43).
 */
export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  const [location] = useLocation();
  const width = pageWidthFor(location);
  // The chat fills the screen exactly: under the banners (verify your email, offline) and above
  // the tab bar, so its composer is never behind the tab bar; other pages scroll as documents.
  const fill = width === 'full';
  return (
    <RealtimeProvider>
      <SocketReachability />
      <ThemeSync />
      <ChatSync />
      <VoicemailSync />
      <VoiceReactionsSync />
      <NotificationsSync />
      <EarningsSync />
      <CallProvider renderLeaveVoicemail={renderLeaveVoicemail}>
        <TipLayer viewerId={user.id}>
          <SafetyLayer viewerId={user.id}>
            <CommunityLayer>
              <SkipLink />
              <SideNav user={user} />
              <div className="lg:pl-60">
                <div
                  className={cn(
                    'mx-auto w-full border-x border-white/5 bg-zinc-950 pb-24 lg:pb-0',
                    fill ? 'flex h-dvh flex-col' : 'min-h-dvh',
                    pageWidthClass[width],
                  )}
                >
                  <OfflineBanner />
                  <VerifyEmailBanner user={user} />
                  <div id={MAIN_CONTENT_ID} tabIndex={-1} className={cn('outline-none', fill && 'min-h-0 flex-1')}>
                    {children}
                  </div>
                </div>
              </div>
              <BottomNav user={user} />
            </CommunityLayer>
          </SafetyLayer>
        </TipLayer>
      </CallProvider>
    </RealtimeProvider>
  );
}

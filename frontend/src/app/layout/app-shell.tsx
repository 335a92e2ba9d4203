import type { ReactNode } from 'react';
import { ChatSync } from '@/features/chat/components/chat-sync';
import type { User } from '@/lib/auth';
import { RealtimeProvider } from '@/lib/realtime-provider';
import { BottomNav } from './bottom-nav';

/**
 * The signed-in frame: a centred column of at most 480 px with the tab bar pinned below it. The
 * realtime socket is open for as long as it is shown (that is, while signed in).
 */
export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  return (
    <RealtimeProvider>
      <ChatSync />
      <div className="mx-auto min-h-dvh w-full max-w-[480px] border-x border-white/5 bg-zinc-950 pb-24">
        {children}
        <BottomNav user={user} />
      </div>
    </RealtimeProvider>
  );
}

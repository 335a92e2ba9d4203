import type { ReactNode } from 'react';
import type { User } from '@/lib/auth';
import { BottomNav } from './bottom-nav';

/** The signed-in frame: a centred column of at most 480 px with the tab bar pinned below it. */
export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  return (
    <div className="mx-auto min-h-dvh w-full max-w-[480px] border-x border-white/5 bg-zinc-950 pb-24">
      {children}
      <BottomNav user={user} />
    </div>
  );
}

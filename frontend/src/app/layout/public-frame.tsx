import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { OfflineBanner } from '@/components/offline-banner';

/**
 * The signed-out frame of the account-link pages (issue 41: forgot and reset password, verify
 * email): the landing page's column with the mark linking back to it.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <OfflineBanner />
      <div className="mx-auto flex min-h-dvh w-full max-w-[480px] flex-col gap-2 pt-10 pb-12">
        <Link
          href="/"
          aria-label="Atelier"
          className="mx-auto grid size-14 place-items-center rounded-2xl bg-gradient-to-br from-fuchsia-500 via-purple-500 to-indigo-500 text-2xl font-bold text-white shadow-lg shadow-purple-900/50"
        >
          A
        </Link>
        {children}
      </div>
    </>
  );
}

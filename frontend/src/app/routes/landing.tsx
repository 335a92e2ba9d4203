import { OfflineBanner } from '@/components/offline-banner';
import { AuthCard } from '@/features/auth/components/auth-card';
import { readSignInNotice } from '@/features/auth/sign-in-notice';
import { FeatureCards } from '@/features/landing/components/feature-cards';

/** Signed out, every path but the account links' shows this page (with a notice another page left, issue 41). */
export default function LandingPage() {
  return (
    <>
      <OfflineBanner />
      <main className="mx-auto flex min-h-dvh w-full max-w-[480px] flex-col gap-8 px-4 pt-10 pb-12">
        <header className="text-center">
          <p className="mx-auto mb-4 grid size-14 place-items-center rounded-2xl bg-gradient-to-br from-fuchsia-500 via-purple-500 to-indigo-500 text-2xl font-bold text-white shadow-lg shadow-purple-900/50">
            A
          </p>
          <h1 className="bg-gradient-to-r from-fuchsia-300 via-purple-200 to-indigo-300 bg-clip-text text-4xl font-bold tracking-tight text-transparent">
            Atelier
          </h1>
          <p className="mx-auto mt-3 max-w-sm text-base leading-relaxed text-zinc-300">
            The creative social platform for artists, coders, musicians and photographers: 3D creative tools, voice
            reactions, AI mood detection, short interactive reels, skill networking and real-time chat with direct,
            group and voice messages.
          </p>
        </header>
        <AuthCard notice={readSignInNotice()} />
        <section aria-labelledby="features-heading">
          <h2 id="features-heading" className="mb-3 text-center text-sm font-semibold tracking-wide text-zinc-400 uppercase">
            Everything a creator needs
          </h2>
          <FeatureCards />
        </section>
      </main>
    </>
  );
}

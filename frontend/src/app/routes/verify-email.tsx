import { Link, useSearch } from 'wouter';
import { VerifyEmailResult } from '@/features/auth/components/verify-email-result';
import { useUser } from '@/lib/auth';

/** /verify-email?token= (issue 41), signed in or out: the link's token is sent as the page opens. */
export default function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const signedIn = Boolean(useUser().data);
  return (
    <main className="px-4 pt-6">
      <div className="space-y-4 rounded-3xl border border-white/10 bg-zinc-900/70 p-5 sm:p-6">
        <h1 className="text-xl font-semibold text-white">
          Verify your email
        </h1>
        <VerifyEmailResult token={token} />
        {!signedIn && (
          <Link href="/" className="inline-flex min-h-11 items-center text-sm text-fuchsia-300 underline-offset-4 hover:underline">
            Sign in
          </Link>
        )}
      </div>
    </main>
  );
}

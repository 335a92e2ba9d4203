//! /verify-email?token= (issue 41), signed in or out: the link's token is sent once, as the page
//! opens; then 'Your email is verified' (and the session user is refreshed, so the banner goes),
//! or the server's reason (a spent or old link, an address taken meanwhile).
import { CheckCircle2, MailWarning } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useVerifyEmail } from '../api/verify-email';

export function VerifyEmailResult({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // Each token is single use: never send it twice (a development remount runs effects again).
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  if (verify.isSuccess) {
    return (
      <p role="status" className="flex items-center gap-3 text-lg font-semibold text-white">
        <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-emerald-400" />
        Your email is verified
      </p>
    );
  }
  if (verify.isError) {
    return (
      <p role="alert" className="flex items-center gap-3 text-base text-red-300">
        <MailWarning aria-hidden="true" className="size-6 shrink-0" />
        {errorMessage(verify.error) ?? 'This link has expired'}
      </p>
    );
  }
  return <Spinner label="Verifying your email" />;
}

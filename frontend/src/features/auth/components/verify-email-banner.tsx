//! Under the header while the signed-in user's address is unverified (issue 41): 'Verify your
//! email: …' during the 7-day grace, the read-only wording after it, and 'Resend' for a new
//! link (its 202 message as a toast; a refusal, such as too many resends, its reason).
import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import type { User } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { useResendVerification } from '../api/resend-verification';

export function VerifyEmailBanner({ user }: { user: Pick<User, 'email' | 'emailVerified' | 'readOnly'> }) {
  const resend = useResendVerification();
  // `!== false`: a session remembered offline from before verification existed has no such field.
  if (user.emailVerified !== false) return null;

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: ({ message }) => toast({ title: message }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) ?? 'Failed to send the link. Please try again.' }),
    });

  return (
    <section
      aria-label="Verify your email"
      className={cn(
        'flex items-center gap-3 border-b px-4 py-2 text-sm',
        user.readOnly ? 'border-amber-400/30 bg-amber-500/15 text-amber-100' : 'border-fuchsia-400/20 bg-fuchsia-500/10 text-fuchsia-100',
      )}
    >
      <MailCheck aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1">
        {user.readOnly
          ? `Your account is read-only until you verify your email. We sent a link to ${user.email}.`
          : `Verify your email: we sent a link to ${user.email}.`}
      </p>
      <Button variant="secondary" className="shrink-0" disabled={resend.isPending} onClick={onResend}>
        Resend
      </Button>
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { PASSWORD_CHANGED, ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { signInNoticeState } from '@/features/auth/sign-in-notice';
import { userQueryKey } from '@/lib/query-keys';
import { forgetSignedInUser } from '@/lib/user-storage';

/**
 * /reset-password?token= (issue 41): a new password, then sign-in with 'Password changed. …'.
 * The reset ended every session of the account, this browser's too if it was signed in: the
 * cached session goes, so the router shows the sign-in page.
 */
export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();

  const onChanged = () => {
    navigate('/', { replace: true, state: signInNoticeState(PASSWORD_CHANGED) });
    if (queryClient.getQueryData(userQueryKey)) {
      forgetSignedInUser(queryClient);
      queryClient.setQueryData(userQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
    }
  };

  return (
    <main className="px-4 pt-6">
      <ResetPasswordForm token={token} onChanged={onChanged} />
    </main>
  );
}

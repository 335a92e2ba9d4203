//! /reset-password?token= (issue 41): the new password twice, with sign-up's rules. On 204 the
//! page hands over to sign-in ('Password changed. …'); a spent or old link shows the server's
//! message with a way to ask for a new one.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/input';
import { errorCode, errorMessage } from '@/lib/api-client';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { newPasswordProblem } from '../validate';

/** What sign-in says after a reset. */
export const PASSWORD_CHANGED = 'Password changed. Sign in with your new password.';

export function ResetPasswordForm({ token, onChanged }: { token: string; onChanged: () => void }) {
  const id = useId();
  const [form, setForm] = useState({ password: '', confirmPassword: '' });
  const [problem, setProblem] = useState<string | null>(null);
  /** The link itself was refused (400 `link_expired`): offer a new one. */
  const [refused, setRefused] = useState(false);
  const confirm = useConfirmPasswordReset();

  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const found = newPasswordProblem(form.password, form.confirmPassword);
    setProblem(found);
    setRefused(false);
    if (found) return;
    confirm.mutate(
      { token, password: form.password.trim() },
      {
        onSuccess: onChanged,
        onError: (error) => {
          setProblem(errorMessage(error) ?? 'Something went wrong. Please try again.');
          setRefused(errorCode(error) === 'link_expired');
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-3xl border border-white/10 bg-zinc-900/70 p-5 sm:p-6">
      <h1 id={`${id}-heading`} className="text-xl font-semibold text-white">
        Reset your password
      </h1>
      <form noValidate onSubmit={onSubmit} className="mt-5 space-y-4" aria-busy={confirm.isPending}>
        <Field id={`${id}-new`} label="New Password" type="password" autoComplete="new-password" {...field('password')} />
        <Field id={`${id}-confirm`} label="Confirm New Password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
        {problem && (
          <div role="alert" className="text-sm text-red-400">
            <p>{problem}</p>
            {refused && (
              <Link href="/forgot-password" className="inline-flex min-h-11 items-center text-fuchsia-300 underline-offset-4 hover:underline">
                Forgot password?
              </Link>
            )}
          </div>
        )}
        <Button type="submit" disabled={confirm.isPending} className="w-full text-base">
          Reset password
        </Button>
      </form>
    </section>
  );
}

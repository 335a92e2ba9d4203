//! /forgot-password (issue 41): one email field and 'Send reset link'. The answer is the same
//! whether or not an account has the address (the server says so in its 202's message, shown
//! in place of the form); a malformed address or too many requests show the server's reason.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Field, FormProblem } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AUTH_MESSAGES, isEmailShaped } from '../validate';

export function ForgotPasswordForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const address = email.trim();
    const found = !address ? AUTH_MESSAGES.required : isEmailShaped(address) ? null : AUTH_MESSAGES.badEmail;
    setProblem(found);
    if (found) return;
    request.mutate(address, {
      onError: (error) => setProblem(errorMessage(error) ?? 'Something went wrong. Please try again.'),
    });
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-3xl border border-white/10 bg-zinc-900/70 p-5 sm:p-6">
      <h1 id={`${id}-heading`} className="text-xl font-semibold text-white">
        Forgot password?
      </h1>
      {request.isSuccess ? (
        <p role="status" className="mt-4 text-sm text-zinc-200">
          {request.data.message}
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="mt-5 space-y-4" aria-busy={request.isPending}>
          <Field
            id={`${id}-email`}
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
          <FormProblem id={`${id}-problem`}>{problem}</FormProblem>
          <Button type="submit" disabled={request.isPending} className="w-full text-base">
            Send reset link
          </Button>
        </form>
      )}
      <p className="mt-4 text-center text-sm">
        <Link href="/" className="inline-flex min-h-11 items-center px-1 text-fuchsia-300 underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </section>
  );
}

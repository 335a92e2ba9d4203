//! Sign-in's second step (issue 41), after a correct password on an account with two-factor on:
//! the 6-digit code from the authenticator app, or one recovery code, sent with the challenge
//! the password's 202 gave. A wrong code says so here; an ended or expired challenge hands its
//! message back to the sign-in form, which starts over.
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormProblem } from '@/components/ui/input';
import { errorCode, errorMessage } from '@/lib/api-client';
import { useLoginTwoFactor } from '../api/login-two-factor';
import { AUTH_MESSAGES } from '../validate';

/** The shape of a recovery code, as the contract writes it. */
const RECOVERY_PLACEHOLDER = 'xxxxx-xxxxx';

export function TwoFactorStep({
  challenge,
  onSignedIn,
  onExpired,
}: {
  challenge: string;
  onSignedIn: () => void;
  /** The challenge ended (too many codes, or 10 minutes): back to the password, with the server's words. */
  onExpired: (message: string) => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const verify = useLoginTwoFactor();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    // An app's code is often shown as "123 456": the spaces are not part of it.
    const sent = recovery ? code.trim() : code.replace(/\s/g, '');
    if (!sent) {
      setProblem(AUTH_MESSAGES.required);
      return;
    }
    setProblem(null);
    verify.mutate(
      { challenge, code: sent },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          const message = errorMessage(error) ?? 'Failed to login. Please check your credentials.';
          if (errorCode(error) === 'challenge_expired') {
            onExpired(message);
            return;
          }
          setProblem(message);
          setCode('');
        },
      },
    );
  };

  const toggleRecovery = () => {
    setRecovery((on) => !on);
    setCode('');
    setProblem(null);
  };

  return (
    <div>
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-white">
        Two-factor authentication
      </h2>
      <p className="mt-1 text-sm text-zinc-400">Enter the 6-digit code from your authenticator app</p>
      <form noValidate onSubmit={onSubmit} className="mt-5 space-y-4" aria-busy={verify.isPending} aria-labelledby={`${id}-heading`}>
        <Field
          id={`${id}-code`}
          label="Authentication code"
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? RECOVERY_PLACEHOLDER.length + 2 : 7}
          placeholder={recovery ? RECOVERY_PLACEHOLDER : '123456'}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          // The field replaces the password form: the code is what comes next.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
        />
        <FormProblem id={`${id}-problem`}>{problem}</FormProblem>
        <Button type="submit" disabled={verify.isPending} className="w-full text-base">
          Verify
        </Button>
      </form>
      <p className="mt-3 text-center">
        <Button variant="link" aria-pressed={recovery} onClick={toggleRecovery} disabled={verify.isPending}>
          Use a recovery code
        </Button>
      </p>
    </div>
  );
}

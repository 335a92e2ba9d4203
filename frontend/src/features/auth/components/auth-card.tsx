//! The landing page's one card: create an account or sign in (by username or email, issue 41),
//! with 'Forgot password?' under the password and, for an account with two-factor on, the
//! code step in place of the form.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { DISPLAY_NAME_MAX } from '@/lib/account-limits';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { validateAuthForm, type AuthFormValues, type AuthMode } from '../validate';
import { TwoFactorStep } from './two-factor-step';

const EMPTY: Required<AuthFormValues> = {
  username: '',
  email: '',
  login: '',
  password: '',
  confirmPassword: '',
  displayName: '',
};

const COPY = {
  'sign-up': {
    heading: 'Create your account',
    intro: 'One account per person. Join the community of creators.',
    submit: 'Create Account',
    pending: 'Creating account...',
    failure: 'Failed to create account. Username or email may already exist.',
    switchPrompt: 'Already have an account?',
    switchAction: 'Sign in',
  },
  'sign-in': {
    heading: 'Welcome back',
    intro: 'Sign in to pick up where you left off.',
    submit: 'Sign In',
    pending: 'Signing in...',
    failure: 'Failed to login. Please check your credentials.',
    switchPrompt: "Don't have an account?",
    switchAction: 'Create one',
  },
} as const;

/** Usernames the server accepts (backend identity/rules/account.rs): 3–30 of letters, digits, '_' and '.'. */
const USERNAME_MAX = 30;

/**
 * Refusals whose `message` says what to fix, shown instead of the spec's catch-all sentence:
 * sign-up's invalid input (400) and taken username or email (409), login's deactivated account
 * (403, told only after a correct password), and either form's rate limit (429).
 */
const SERVER_REASON_STATUSES: Record<AuthMode, readonly number[]> = {
  'sign-up': [400, 409, 429],
  'sign-in': [403, 429],
};

function showError(description: string) {
  toast({ variant: 'destructive', title: 'Error', description });
}

/** The server's message for a refusal that carries a useful one, else the spec's sentence. */
function failureText(mode: AuthMode, error: unknown): string {
  const status = errorStatus(error);
  const message = status !== null && SERVER_REASON_STATUSES[mode].includes(status) ? errorMessage(error) : null;
  return message || COPY[mode].failure;
}

export function AuthCard({
  initialMode = 'sign-in',
  notice = null,
}: {
  initialMode?: AuthMode;
  /** A line above the sign-in form: what just happened ('Password changed. …'). */
  notice?: string | null;
}) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [values, setValues] = useState(EMPTY);
  /** The second step's challenge, while a correct password waits for its code. */
  const [challenge, setChallenge] = useState<string | null>(null);
  /** Why the form is back after the second step (the challenge ended). */
  const [expired, setExpired] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const loginMutation = useLogin();
  const registerMutation = useRegister();
  const id = useId();
  const copy = COPY[mode];
  const isSignUp = mode === 'sign-up';
  const pending = loginMutation.isPending || registerMutation.isPending;

  const onSuccess = () => {
    // A new session: drop everything cached for the old one and start the app afresh.
    queryClient.clear();
    window.location.reload();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const result = validateAuthForm(mode, values);
    if (!result.ok) {
      showError(result.message);
      return;
    }
    const onError = (error: unknown) => showError(failureText(mode, error));
    if (result.mode === 'sign-up') {
      registerMutation.mutate(result.payload, { onSuccess, onError });
    } else {
      loginMutation.mutate(result.payload, {
        onSuccess: (answer) => {
          if (answer.signedIn) {
            onSuccess();
            return;
          }
          setExpired(null);
          setChallenge(answer.challenge);
        },
        onError,
      });
    }
  };

  const onExpired = (message: string) => {
    setChallenge(null);
    setExpired(message);
    setValues((v) => ({ ...v, password: '' }));
  };

  const field = (name: keyof AuthFormValues) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const switchMode = () => {
    setMode(isSignUp ? 'sign-in' : 'sign-up');
    setExpired(null);
    setValues((v) => ({ ...v, password: '', confirmPassword: '' }));
  };

  const frame = 'rounded-3xl border border-white/10 bg-zinc-900/70 p-5 shadow-2xl shadow-black/40 backdrop-blur sm:p-6';

  if (challenge !== null) {
    return (
      <section aria-label="Two-factor authentication" className={frame}>
        <TwoFactorStep challenge={challenge} onSignedIn={onSuccess} onExpired={onExpired} />
      </section>
    );
  }

  const shownNotice = isSignUp ? null : (expired ?? notice);

  return (
    <section aria-labelledby={`${id}-heading`} className={frame}>
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-white">
        {copy.heading}
      </h2>
      <p className="mt-1 text-sm text-zinc-400">{copy.intro}</p>
      {shownNotice && (
        <p
          role={expired ? 'alert' : 'status'}
          className="mt-4 rounded-xl border border-fuchsia-400/30 bg-fuchsia-500/10 px-3 py-2 text-sm text-fuchsia-100"
        >
          {shownNotice}
        </p>
      )}

      <form noValidate onSubmit={onSubmit} className="mt-5 space-y-4" aria-busy={pending}>
        {isSignUp ? (
          <>
            <div>
              <Label htmlFor={`${id}-username`}>Username</Label>
              <Input
                {...field('username')}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={USERNAME_MAX}
                aria-describedby={`${id}-username-hint`}
              />
              <p id={`${id}-username-hint`} className="mt-1 text-xs text-zinc-500">
                3–30 letters, numbers, underscores or dots
              </p>
            </div>
            <div>
              <Label htmlFor={`${id}-email`}>Email</Label>
              <Input {...field('email')} type="email" autoComplete="email" inputMode="email" />
            </div>
          </>
        ) : (
          <div>
            <Label htmlFor={`${id}-login`}>Username or email</Label>
            <Input {...field('login')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
          </div>
        )}
        {isSignUp && (
          <div>
            <Label htmlFor={`${id}-displayName`}>
              Display Name <span className="font-normal text-zinc-500">(optional)</span>
            </Label>
            <Input {...field('displayName')} autoComplete="nickname" maxLength={DISPLAY_NAME_MAX} />
          </div>
        )}
        <div>
          <Label htmlFor={`${id}-password`}>Password</Label>
          <Input {...field('password')} type="password" autoComplete={isSignUp ? 'new-password' : 'current-password'} />
          {!isSignUp && (
            <Link href="/forgot-password" className="mt-1 inline-flex min-h-11 items-center px-1 text-sm text-fuchsia-300 underline-offset-4 hover:underline">
              Forgot password?
            </Link>
          )}
        </div>
        {isSignUp && (
          <div>
            <Label htmlFor={`${id}-confirmPassword`}>Confirm Password</Label>
            <Input {...field('confirmPassword')} type="password" autoComplete="new-password" />
          </div>
        )}
        <Button type="submit" disabled={pending} className="w-full text-base">
          {pending ? copy.pending : copy.submit}
        </Button>
      </form>

      <p className="mt-4 flex flex-wrap items-center justify-center gap-x-1 text-sm text-zinc-400">
        {copy.switchPrompt}
        <Button variant="link" onClick={switchMode} disabled={pending}>
          {copy.switchAction}
        </Button>
      </p>
    </section>
  );
}

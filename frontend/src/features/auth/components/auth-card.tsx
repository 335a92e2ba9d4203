//! The landing page's one card: create an account or sign in (by username or email, issue 41),
//! with 'Forgot password?' under the password and, for an account with two-factor on, the
//! code step in place of the form.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { FieldError, FormError } from '@/components/ui/form-messages';
import { DISPLAY_NAME_MAX } from '@/lib/account-limits';
import { errorCode, errorMessage, errorStatus } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { validateAuthForm, type AuthField, type AuthFormValues, type AuthMode } from '../validate';
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

/** A refusal shown in the form: under the field it concerns, or above the submit button. */
interface Refusal {
  message: string;
  field: AuthField | null;
}

/**
 * The field a server refusal is about: a taken username or email by its code, sign-up's invalid
 * input by the rule's wording (backend identity/rules/account.rs); anything else is the form's.
 */
function refusedField(error: unknown, message: string): AuthField | null {
  const code = errorCode(error);
  if (code === 'username_taken') return 'username';
  if (code === 'email_taken') return 'email';
  if (errorStatus(error) !== 400) return null;
  if (/^Username/.test(message)) return 'username';
  if (/email address/.test(message)) return 'email';
  if (/^Password/.test(message)) return 'password';
  if (/^Display name/.test(message)) return 'displayName';
  return null;
}

/** The server's message for a refusal that carries a useful one (and its field), else the spec's sentence. */
function refusalOf(mode: AuthMode, error: unknown): Refusal {
  const status = errorStatus(error);
  const message = status !== null && SERVER_REASON_STATUSES[mode].includes(status) ? errorMessage(error) : null;
  if (!message) return { message: COPY[mode].failure, field: null };
  return { message, field: refusedField(error, message) };
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
  const [refusal, setRefusal] = useState<Refusal | null>(null);
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
      refuse({ message: result.message, field: result.field });
      return;
    }
    setRefusal(null);
    const onError = (error: unknown) => refuse(refusalOf(mode, error));
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

  /** Shows the refusal and puts the cursor in the field it concerns. */
  const refuse = (next: Refusal) => {
    setRefusal(next);
    if (next.field) document.getElementById(`${id}-${next.field}`)?.focus();
  };

  const onExpired = (message: string) => {
    setChallenge(null);
    setExpired(message);
    setValues((v) => ({ ...v, password: '' }));
  };

  const field = (name: AuthField, hint?: string) => {
    const invalid = refusal?.field === name;
    const describedBy = [hint, invalid ? `${id}-${name}-error` : null].filter(Boolean).join(' ');
    return {
      id: `${id}-${name}`,
      name,
      value: values[name],
      'aria-invalid': invalid ? true : undefined,
      'aria-describedby': describedBy || undefined,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        // The message goes once the person starts fixing what it names.
        if (invalid) setRefusal(null);
      },
    };
  };
  const fieldError = (name: AuthField) => (
    <FieldError id={`${id}-${name}-error`} message={refusal?.field === name ? refusal.message : undefined} />
  );

  const switchMode = () => {
    setMode(isSignUp ? 'sign-in' : 'sign-up');
    setExpired(null);
    setRefusal(null);
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
                {...field('username', `${id}-username-hint`)}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={USERNAME_MAX}
              />
              {fieldError('username')}
              <p id={`${id}-username-hint`} className="mt-1 text-xs text-zinc-500">
                3–30 letters, numbers, underscores or dots
              </p>
            </div>
            <div>
              <Label htmlFor={`${id}-email`}>Email</Label>
              <Input {...field('email')} type="email" autoComplete="email" inputMode="email" />
              {fieldError('email')}
            </div>
          </>
        ) : (
          <div>
            <Label htmlFor={`${id}-login`}>Username or email</Label>
            <Input {...field('login')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
            {fieldError('login')}
          </div>
        )}
        {isSignUp && (
          <div>
            <Label htmlFor={`${id}-displayName`}>
              Display Name <span className="font-normal text-zinc-500">(optional)</span>
            </Label>
            <Input {...field('displayName')} autoComplete="nickname" maxLength={DISPLAY_NAME_MAX} />
            {fieldError('displayName')}
          </div>
        )}
        <div>
          <Label htmlFor={`${id}-password`}>Password</Label>
          <Input {...field('password')} type="password" autoComplete={isSignUp ? 'new-password' : 'current-password'} />
          {fieldError('password')}
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
            {fieldError('confirmPassword')}
          </div>
        )}
        <FormError message={refusal && !refusal.field ? refusal.message : null} />
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

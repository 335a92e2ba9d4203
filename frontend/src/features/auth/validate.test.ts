import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, newPasswordProblem, validateAuthForm, type AuthFormValues } from './validate';

const goodSignUp: AuthFormValues = {
  username: 'ada',
  email: 'ada@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  displayName: 'Ada Lovelace',
};
const goodSignIn: AuthFormValues = { username: '', email: '', login: 'ada', password: 'x' };

function message(mode: 'sign-up' | 'sign-in', values: AuthFormValues) {
  const result = validateAuthForm(mode, values);
  return result.ok ? null : result.message;
}

describe('validateAuthForm', () => {
  it.each(['username', 'email', 'password'] as const)('requires %s to sign up', (field) => {
    expect(message('sign-up', { ...goodSignUp, [field]: '' })).toBe('Please fill in all required fields');
  });

  it.each(['login', 'password'] as const)('requires %s to sign in', (field) => {
    expect(message('sign-in', { ...goodSignIn, [field]: '' })).toBe('Please fill in all required fields');
  });

  it('treats whitespace-only values as missing', () => {
    expect(message('sign-in', { ...goodSignIn, login: '   ' })).toBe(AUTH_MESSAGES.required);
  });

  it('rejects a sign-up whose passwords differ', () => {
    expect(message('sign-up', { ...goodSignUp, confirmPassword: 'secret2' })).toBe('Passwords do not match');
  });

  it('rejects a sign-up password shorter than 6 characters', () => {
    expect(message('sign-up', { ...goodSignUp, password: 'abc12', confirmPassword: 'abc12' })).toBe(
      'Password must be at least 6 characters long',
    );
  });

  it('accepts a sign-up password of exactly 6 characters', () => {
    expect(message('sign-up', { ...goodSignUp, password: 'abc123', confirmPassword: 'abc123' })).toBeNull();
  });

  it('rejects an email without the shape name@host.tld', () => {
    for (const email of ['ada', 'ada@', 'ada@example', '@example.com', 'a da@example.com']) {
      expect(message('sign-up', { ...goodSignUp, email })).toBe('Please enter a valid email address');
    }
  });

  it('reports the missing field before anything else', () => {
    expect(message('sign-up', { username: '', email: 'bad', password: 'a', confirmPassword: 'b' })).toBe(
      AUTH_MESSAGES.required,
    );
  });

  it('reports a password mismatch before a short password or a bad email', () => {
    expect(message('sign-up', { ...goodSignUp, email: 'bad', password: 'a', confirmPassword: 'b' })).toBe(
      AUTH_MESSAGES.mismatch,
    );
  });

  it('reports a short password before a bad email', () => {
    expect(message('sign-up', { ...goodSignUp, email: 'bad', password: 'a', confirmPassword: 'a' })).toBe(
      AUTH_MESSAGES.tooShort,
    );
  });

  it('skips the sign-up rules when signing in, the email shape among them', () => {
    expect(message('sign-in', { ...goodSignIn, password: 'a', confirmPassword: 'different' })).toBeNull();
    expect(message('sign-in', { ...goodSignIn, login: 'ada@example' })).toBeNull();
  });

  it('trims every value in the payload and compares trimmed passwords', () => {
    const result = validateAuthForm('sign-up', {
      username: '  ada ',
      email: ' ada@example.com ',
      password: ' secret1',
      confirmPassword: 'secret1 ',
      displayName: '  Ada  ',
    });
    expect(result).toEqual({
      ok: true,
      mode: 'sign-up',
      payload: { username: 'ada', email: 'ada@example.com', password: 'secret1', displayName: 'Ada' },
    });
  });

  it('falls back to the username when the display name is empty', () => {
    const result = validateAuthForm('sign-up', { ...goodSignUp, displayName: '   ' });
    expect(result.ok && result.mode === 'sign-up' && result.payload.displayName).toBe('ada');
  });

  it('sends only the trimmed login and password when signing in', () => {
    expect(validateAuthForm('sign-in', { ...goodSignIn, login: ' ada@example.com ', displayName: 'ignored' })).toEqual({
      ok: true,
      mode: 'sign-in',
      payload: { login: 'ada@example.com', password: 'x' },
    });
  });
});

describe('the field a refusal is about', () => {
  const field = (mode: 'sign-up' | 'sign-in', values: AuthFormValues) => {
    const result = validateAuthForm(mode, values);
    return result.ok ? null : result.field;
  };

  it('is the first empty field, the confirmation, the password or the email', () => {
    expect(field('sign-up', { ...goodSignUp, email: '', password: '' })).toBe('email');
    expect(field('sign-up', { ...goodSignUp, confirmPassword: 'other1' })).toBe('confirmPassword');
    expect(field('sign-up', { ...goodSignUp, password: 'abc', confirmPassword: 'abc' })).toBe('password');
    expect(field('sign-up', { ...goodSignUp, email: 'ada' })).toBe('email');
    expect(field('sign-in', { ...goodSignIn, login: '' })).toBe('login');
    expect(field('sign-in', { ...goodSignIn, password: ' ' })).toBe('password');
  });
});

describe('newPasswordProblem', () => {
  it("applies sign-up's rules in sign-up's order", () => {
    expect(newPasswordProblem('', 'secret1')).toBe(AUTH_MESSAGES.required);
    expect(newPasswordProblem('abc', 'abd')).toBe(AUTH_MESSAGES.mismatch);
    expect(newPasswordProblem('abc12', 'abc12')).toBe(AUTH_MESSAGES.tooShort);
    expect(newPasswordProblem(' abc123', 'abc123 ')).toBeNull();
  });
});

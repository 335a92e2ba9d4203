//! Settings → Account → 'Email' (issue 41): the current address, the pending one while its link
//! waits, and 'Change email' (the new address and the current password). The server's 202
//! message replaces the form: the change happens when the link is opened.
import { Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormProblem } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import type { User } from '@/lib/auth';
import { useChangeEmail } from '../api/change-email';
import { AccountDialog } from './account-dialog';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function ChangeEmailForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [form, setForm] = useState({ email: '', password: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangeEmail();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const email = form.email.trim();
    const found = !email || !form.password
      ? 'Please fill in all required fields'
      : EMAIL_SHAPE.test(email)
        ? null
        : 'Please enter a valid email address';
    setProblem(found);
    if (found) return;
    change.mutate(
      { email, password: form.password },
      { onError: (error) => setProblem(errorMessage(error) ?? 'Something went wrong. Please try again.') },
    );
  };

  if (change.isSuccess) {
    return (
      <div className="mt-4 space-y-4">
        <p role="status" className="text-sm text-zinc-200">
          {change.data.message}
        </p>
        <Button variant="secondary" className="w-full" onClick={onDone}>
          Close
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <Field
        id={`${id}-email`}
        label="New email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={form.email}
        onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))}
      />
      <Field
        id={`${id}-password`}
        label="Current Password"
        type="password"
        autoComplete="current-password"
        value={form.password}
        onChange={(e) => setForm((f) => ({ ...f, password: e.target.value }))}
      />
      <FormProblem>{problem}</FormProblem>
      <Button type="submit" disabled={change.isPending} className="w-full">
        Change email
      </Button>
    </form>
  );
}

export function EmailRow({ user }: { user: Pick<User, 'email' | 'pendingEmail'> }) {
  return (
    <div className="space-y-2 rounded-xl border border-white/10 bg-white/5 p-3">
      <div className="min-w-0">
        <h3 className="text-sm font-semibold text-white">Email</h3>
        <p className="truncate text-sm text-zinc-300">{user.email}</p>
        {user.pendingEmail && <p className="truncate text-xs text-amber-200">Pending: {user.pendingEmail}</p>}
      </div>
      <AccountDialog
        icon={<Mail aria-hidden="true" className="size-4" />}
        title="Change email"
        description="We'll send a link to the new address. Your email changes when you open it."
      >
        {(close) => <ChangeEmailForm onDone={close} />}
      </AccountDialog>
    </div>
  );
}

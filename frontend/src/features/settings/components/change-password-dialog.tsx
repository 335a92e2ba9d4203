//! 'Change Password': current, new and confirm. The new one needs 6 characters and the
//! confirmation must match before anything is sent; the server's refusal (a wrong current
//! password, the same password again, too many tries) shows in the dialog. On success the
//! server signs out every other device; this one stays signed in.
import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormProblem } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';
import { passwordProblem } from '../password-rules';
import { AccountDialog } from './account-dialog';

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [form, setForm] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangePassword();

  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = passwordProblem(form);
    setProblem(found);
    if (found) return;
    change.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      {
        onSuccess: () => {
          toast({ title: 'Password updated', description: 'Your other devices have been signed out.' });
          onDone();
        },
        onError: (error) => setProblem(errorMessage(error) ?? 'Failed to update password. Please try again.'),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <Field id={`${id}-current`} label="Current Password" type="password" autoComplete="current-password" {...field('currentPassword')} />
      <Field id={`${id}-new`} label="New Password" type="password" autoComplete="new-password" {...field('newPassword')} />
      <Field id={`${id}-confirm`} label="Confirm New Password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
      <FormProblem>{problem}</FormProblem>
      <Button type="submit" disabled={change.isPending} className="w-full">
        {change.isPending ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  );
}

export function ChangePasswordDialog() {
  return (
    <AccountDialog
      icon={<KeyRound aria-hidden="true" className="size-4" />}
      title="Change Password"
      description="Your other devices will be signed out."
    >
      {(close) => <ChangePasswordForm onDone={close} />}
    </AccountDialog>
  );
}

//! 'Deactivate Account': a confirmation that asks for the password. On success the server has
//! ended every session (and cleared the cookie); here the caches and what this browser keeps for
//! the user (the cart) go and the landing page shows. The data on the server is kept: an admin
//! can restore the account.
import { useQueryClient } from '@tanstack/react-query';
import { UserX } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { Field, FormProblem } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { userQueryKey } from '@/lib/query-keys';
import { forgetSignedInUser } from '@/lib/user-storage';
import { useDeactivateAccount } from '../api/deactivate-account';
import { AccountDialog } from './account-dialog';

function DeactivateForm() {
  const id = useId();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const deactivate = useDeactivateAccount();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setProblem('Password is required');
      return;
    }
    setProblem(null);
    deactivate.mutate(
      { password },
      {
        onSuccess: () => {
          toast({ title: 'Account deactivated', description: 'You have been signed out.' });
          navigate('/');
          forgetSignedInUser(queryClient);
          // Signed out: the router shows the landing page; every other cached answer goes.
          queryClient.setQueryData(userQueryKey, null);
          queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
        },
        onError: (error) => setProblem(errorMessage(error) ?? 'Failed to deactivate your account. Please try again.'),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <Field
        id={`${id}-password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormProblem>{problem}</FormProblem>
      <div className="flex gap-3">
        <DialogClose asChild>
          <Button variant="secondary" className="flex-1">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant="danger" disabled={deactivate.isPending} className="flex-1">
          {deactivate.isPending ? 'Deactivating...' : 'Deactivate'}
        </Button>
      </div>
    </form>
  );
}

export function DeactivateAccountDialog() {
  return (
    <AccountDialog
      icon={<UserX aria-hidden="true" className="size-4" />}
      title="Deactivate Account"
      description="You will be signed out everywhere and hidden from other creators. Enter your password to confirm."
      triggerClassName="text-red-300"
    >
      {() => <DeactivateForm />}
    </AccountDialog>
  );
}

//! Settings → Account → 'Where you're signed in' (issue 41): each session as its browser on its
//! system, 'This device' for this one, when it was last active, and 'Sign out' for the others;
//! 'Sign out of all other sessions' asks first.
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { timeAgo } from '@/lib/relative-time';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import type { SignedInSession } from '../types';

const FALLBACK = 'Something went wrong. Please try again.';

function failed(error: unknown) {
  toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) ?? FALLBACK });
}

function SessionRow({ session }: { session: SignedInSession }) {
  const end = useEndSession();
  return (
    <li className="flex items-center gap-3 py-2">
      <MonitorSmartphone aria-hidden="true" className="size-5 shrink-0 text-zinc-400" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-white">{session.userAgent}</p>
        <p className="text-xs text-zinc-400">
          {session.current ? (
            <span className="font-semibold text-emerald-300">This device</span>
          ) : (
            `Last active ${timeAgo(session.lastSeenAt)}`
          )}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          className="shrink-0"
          aria-label={`Sign out ${session.userAgent}`}
          disabled={end.isPending}
          onClick={() => end.mutate(session.id, { onError: failed })}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

function SignOutOthersDialog() {
  const [open, setOpen] = useState(false);
  const endOthers = useEndOtherSessions();
  const confirm = () =>
    endOthers.mutate(undefined, {
      onSuccess: () => setOpen(false),
      onError: failed,
    });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="w-full justify-start">
          <LogOut aria-hidden="true" className="size-4" />
          Sign out of all other sessions
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Sign out of all other sessions</DialogTitle>
        <DialogDescription>Every other device signed in to your account will be signed out. This one stays signed in.</DialogDescription>
        <div className="mt-4 grid grid-cols-2 gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="danger" disabled={endOthers.isPending} onClick={confirm}>
            Sign out
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

export function SessionsList() {
  const sessions = useSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <section aria-labelledby="sessions-heading" className="space-y-2 rounded-xl border border-white/10 bg-white/5 p-3">
      <h3 id="sessions-heading" className="text-sm font-semibold text-white">
        Where you&apos;re signed in
      </h3>
      {sessions.isPending ? (
        <div role="status" aria-label="Loading sessions" className="space-y-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : sessions.isError ? (
        <p role="alert" className="text-sm text-red-300">
          {errorMessage(sessions.error) ?? FALLBACK}
        </p>
      ) : (
        <>
          <ul aria-label="Sessions" className="divide-y divide-white/5">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          {others > 0 && <SignOutOthersDialog />}
        </>
      )}
    </section>
  );
}

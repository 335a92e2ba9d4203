//! 'Find @name@host on another server' (issue 46): the row a search shows when its query reads as
//! a handle of another server. Pressed, it looks the handle up (the button says so meanwhile),
//! then opens the account's profile, or says under it why nothing was found.
import { Globe, Loader2 } from 'lucide-react';
import { useLocation } from 'wouter';
import { errorMessage } from '@/lib/api-client';
import { profileHref } from '@/lib/rich-text';
import { useFindRemoteAccount } from '../api/lookup-remote-account';

export const LOOKUP_FAILED = 'Could not look up that account. Please try again.';

/** `handle` is `@name@host`; key the finder by it so another handle starts afresh. */
export function RemoteAccountFinder({ handle }: { handle: string }) {
  const [, navigate] = useLocation();
  const find = useFindRemoteAccount();
  const problem = find.isError ? (errorMessage(find.error) ?? LOOKUP_FAILED) : null;
  return (
    <div className="space-y-2">
      <button
        type="button"
        aria-busy={find.isPending}
        disabled={find.isPending}
        onClick={() => find.mutate(handle, { onSuccess: (account) => navigate(profileHref(account.username)) })}
        className="flex min-h-14 w-full items-center gap-3 rounded-2xl border border-white/10 bg-zinc-900/60 p-3 text-left hover:bg-white/5 disabled:cursor-wait"
      >
        <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-white/5 text-sky-300">
          {find.isPending ? <Loader2 className="size-5 animate-spin" /> : <Globe className="size-5" />}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold break-words text-white">
            {find.isPending ? `Looking up ${handle}…` : `Find ${handle} on another server`}
          </span>
          <span className="block text-sm text-zinc-400">Follow people on Mastodon, Pixelfed and other servers</span>
        </span>
      </button>
      {problem && (
        <p role="alert" className="px-1 text-sm text-red-300">
          {problem}
        </p>
      )}
    </div>
  );
}

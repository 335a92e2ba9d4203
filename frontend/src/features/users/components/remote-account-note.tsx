//! Under a remote account's @name@host on its profile (issue 46): which server it is on, and a
//! link to its page there. The host is read from the username; the page's address comes from
//! the federation lookup (kept from the search that found it, else asked once), and the link
//! waits for it, or stays away when the other server does not answer.
import { ExternalLink, Globe } from 'lucide-react';
import { useRemoteAccount } from '../api/lookup-remote-account';

/** Only http(s) addresses become links: the address is another server's word. */
function safeUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export function RemoteAccountNote({ username, host }: { username: string; host: string }) {
  const account = useRemoteAccount(username);
  const href = safeUrl(account.data?.profileUrl);
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="inline-flex min-w-0 items-center gap-1 rounded-full bg-sky-500/15 px-2 py-0.5 text-xs font-semibold text-sky-300">
        <Globe aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="truncate">on {host}</span>
      </span>
      {href && (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 min-w-0 items-center gap-1 text-fuchsia-300 underline-offset-4 hover:underline"
        >
          <span className="truncate">View on {host}</span>
          <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
        </a>
      )}
    </div>
  );
}

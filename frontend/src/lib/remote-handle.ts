//! Accounts of other servers (federation, issue 46). Such an account is an Atelier account named
//! `name@host`, so its host is part of its username everywhere; a search that reads like a handle
//! of another server (`@name@host` or `name@host`) may be looked up there.

/** A handle of another server: the account's name, its server's host (with a port, if any), and `@name@host`. */
export interface RemoteHandle {
  name: string;
  host: string;
  handle: string;
}

// A host is a name with a dot (social.example) or an address with a port (127.0.0.1:4567).
const HANDLE = /^@?([\p{L}\p{N}_.-]+)@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?::\d{1,5})?)$/u;

/** `query` as a handle of another server, or null when it does not read as one. */
export function remoteHandle(query: string): RemoteHandle | null {
  const match = HANDLE.exec(query.trim());
  if (!match) return null;
  const [, name, host] = match;
  if (!host.includes('.') && !host.includes(':')) return null;
  return { name, host: host.toLowerCase(), handle: `@${name}@${host.toLowerCase()}` };
}

/** The server of a remote account's username (`alice@social.example` → `social.example`); null for a local one. */
export function remoteHost(username: string): string | null {
  const at = username.lastIndexOf('@');
  return at > 0 && at < username.length - 1 ? username.slice(at + 1) : null;
}

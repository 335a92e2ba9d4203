//! The mail the test server "sent": without SMTP it writes each message as an `.eml` file under
//! its `--mail-dir` (global-setup.ts; docs/accounts-contract.md). A test waits for the message
//! to an address that carries a link to a path, and follows that link on the test server.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';

const mailDir = inject('mailDir');

/** Every file under `dir`, however deep (none yet: the folder may not exist before the first mail). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]))),
  );
  return nested.flat();
}

/** Undoes quoted-printable (`=3D`, soft line breaks), which a mail's text may be sent in. */
function unquote(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The message's text in every readable form, decoded first (a link's `=` is `=3D` in
 * quoted-printable, so the text as written would yield a wrong token): quoted-printable undone,
 * base64 blocks decoded, then as written.
 */
function readable(raw: string): string {
  const blocks = raw.match(/(?:^[A-Za-z0-9+/=]{16,}\r?\n){2,}/gm) ?? [];
  const decoded = blocks.map((block) => Buffer.from(block.replace(/\s/g, ''), 'base64').toString('utf8'));
  return [unquote(raw), ...decoded, raw].join('\n');
}

/** The `To:` header's value (folded lines joined). */
function recipient(raw: string): string {
  const headers = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  return /^To:\s*(.*)$/im.exec(headers)?.[1] ?? '';
}

/**
 * Waits (up to `timeoutMs`: mail goes out through the server's outbox, in the background) for
 * the newest message to `to` holding a link to `path` (`/reset-password`, `/verify-email`), and
 * answers that link's path and query, to open on the test server.
 */
export async function mailedLink(to: string, path: string, timeoutMs = 20_000): Promise<string> {
  const link = new RegExp(`${path.replace(/[/]/g, '\\/')}\\?token=[A-Za-z0-9._~%-]+`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found: Array<{ at: number; link: string }> = [];
    for (const file of await filesUnder(mailDir)) {
      const raw = await readFile(file, 'utf8').catch(() => '');
      if (!recipient(raw).toLowerCase().includes(to.toLowerCase())) continue;
      const match = link.exec(readable(raw));
      if (match) found.push({ at: (await stat(file)).mtimeMs, link: match[0] });
    }
    if (found.length > 0) return found.sort((a, b) => b.at - a.at)[0].link;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with a ${path} link under ${mailDir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

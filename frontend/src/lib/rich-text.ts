//! Splits a caption or a comment into text, `#tag` and `@mention` pieces (issue 19), so both
//! features render them the same way. A tag is 1–50 Unicode letters, digits and `_` after a `#`
//! (docs/community-contract.md), linked lowercased, as the server stores it; a mention is a
//! username (letters, digits, `_`, `.`) after an `@`, without a trailing dot (the end of a
//! sentence). Neither starts inside a word: 'a#b' and 'me@example.com' stay text.

export type RichPiece =
  | { kind: 'text'; text: string }
  | { kind: 'tag'; text: string; tag: string }
  | { kind: 'mention'; text: string; username: string };

const TOKEN = /(^|[^\p{L}\p{N}_.@#])(?:#([\p{L}\p{N}_]{1,50})(?![\p{L}\p{N}_])|@([A-Za-z0-9_.]*[A-Za-z0-9_]))/gu;

export function richPieces(source: string): RichPiece[] {
  const pieces: RichPiece[] = [];
  let last = 0;
  const push = (text: string) => {
    if (!text) return;
    const previous = pieces[pieces.length - 1];
    if (previous?.kind === 'text') previous.text += text;
    else pieces.push({ kind: 'text', text });
  };
  for (const match of source.matchAll(TOKEN)) {
    const start = (match.index ?? 0) + match[1].length;
    push(source.slice(last, start));
    const [, , tag, username] = match;
    if (tag !== undefined) pieces.push({ kind: 'tag', text: `#${tag}`, tag: tag.toLowerCase() });
    else pieces.push({ kind: 'mention', text: `@${username}`, username });
    last = start + 1 + (tag ?? username).length;
  }
  push(source.slice(last));
  return pieces;
}

/** The tag page of `tag` (lowercased, without `#`). */
export function tagHref(tag: string): string {
  return `/explore/tags/${encodeURIComponent(tag.replace(/^#/, '').toLowerCase())}`;
}

export function profileHref(username: string): string {
  return `/profile/${encodeURIComponent(username)}`;
}

//! A caption or comment with its `#tags` linked to their tag page and `@mentions` to the
//! profile (lib/rich-text.ts splits it). Used by posts, reels and comments alike.
import { Link } from 'wouter';
import { profileHref, richPieces, tagHref } from '@/lib/rich-text';
import { cn } from '@/lib/utils';

export function RichText({ text, linkClassName, tabIndex }: { text: string; linkClassName?: string; tabIndex?: number }) {
  return (
    <>
      {richPieces(text).map((piece, i) => {
        if (piece.kind === 'text') return <span key={i}>{piece.text}</span>;
        const href = piece.kind === 'tag' ? tagHref(piece.tag) : profileHref(piece.username);
        return (
          <Link key={i} href={href} tabIndex={tabIndex} className={cn('font-medium text-fuchsia-300 hover:underline', linkClassName)}>
            {piece.text}
          </Link>
        );
      })}
    </>
  );
}

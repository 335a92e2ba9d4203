//! The comment composer: one labelled field and 'Post', pinned under the list. Typing `@` and
//! a few letters suggests accounts (the users' search, handed in by the page as
//! `useMentionSearch`: features do not import one another); ArrowUp / ArrowDown move through
//! them, Enter or Tab picks one, Escape closes the list. While replying, a bar says to whom.
import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/utils';
import type { ReplyTarget } from './comment-item';

/** Spec: a comment is 1–2200 characters after trimming. */
export const COMMENT_MAX = 2200;
export const MENTION_DEBOUNCE_MS = 200;
const MAX_SUGGESTIONS = 6;

export interface MentionCandidate {
  id: number;
  username: string;
  displayName: string;
  profileImageUrl: string | null;
}

/** The users' search for a trimmed query (run only when it is non-empty). */
export type MentionSearchHook = (query: string) => { data?: MentionCandidate[] };

/** The `@partial` being typed just before the caret, or null. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([A-Za-z0-9_.]{1,30})$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[2].length - 1, query: match[2] };
}

export function CommentComposer({
  onSubmit,
  replyTo,
  onCancelReply,
  useMentionSearch,
  inputRef,
  disabled,
  className,
}: {
  onSubmit: (content: string) => void;
  replyTo: ReplyTarget | null;
  onCancelReply: () => void;
  useMentionSearch: MentionSearchHook;
  inputRef?: RefObject<HTMLInputElement | null>;
  disabled?: boolean;
  className?: string;
}) {
  const ownRef = useRef<HTMLInputElement>(null);
  const ref = inputRef ?? ownRef;
  const listId = useId();
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);

  // Replying starts the text with the name answered (set while rendering, as React advises for
  // state that follows a prop), and the field takes the focus.
  const [seenReply, setSeenReply] = useState(replyTo);
  if (replyTo !== seenReply) {
    setSeenReply(replyTo);
    if (replyTo) {
      const prefix = `@${replyTo.username} `;
      if (!text.startsWith(prefix)) setText(prefix + text);
      setCaret(prefix.length);
    }
  }
  useEffect(() => {
    if (replyTo) ref.current?.focus();
  }, [replyTo, ref]);

  const mention = mentionAt(text, caret);
  const query = useDebouncedValue(mention?.query ?? '', MENTION_DEBOUNCE_MS);
  const search = useMentionSearch(mention ? query : '');
  const suggestions = mention && mention.start !== dismissed ? (search.data ?? []).slice(0, MAX_SUGGESTIONS) : [];
  const open = suggestions.length > 0;
  const activeIndex = Math.min(active, Math.max(0, suggestions.length - 1));

  const pick = (candidate: MentionCandidate) => {
    if (!mention) return;
    const before = text.slice(0, mention.start);
    const after = text.slice(caret);
    const inserted = `@${candidate.username} `;
    setText(before + inserted + after.replace(/^\S*\s?/, ''));
    const position = before.length + inserted.length;
    setCaret(position);
    setActive(0);
    requestAnimationFrame(() => ref.current?.setSelectionRange(position, position));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((activeIndex + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((activeIndex - 1 + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(suggestions[activeIndex]);
    } else if (event.key === 'Escape') {
      // Closes the list, not the sheet around it.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(mention?.start ?? null);
    }
  };

  const content = text.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!content || disabled) return;
    onSubmit(content);
    setText('');
    setCaret(0);
  };

  return (
    <form onSubmit={submit} className={cn('relative border-t border-white/10 bg-zinc-950 px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]', className)}>
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggested accounts"
          className="absolute inset-x-3 bottom-full mb-2 max-h-64 overflow-y-auto rounded-2xl border border-white/10 bg-zinc-900 p-1 shadow-2xl"
        >
          {suggestions.map((candidate, i) => (
            // The field's arrows, Enter and Tab pick from the keyboard (a combobox keeps the focus).
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={candidate.id}
              id={`${listId}-${candidate.id}`}
              role="option"
              aria-selected={i === activeIndex}
              // Keeps the focus in the field while the pointer picks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(candidate)}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 py-1.5',
                i === activeIndex ? 'bg-white/10' : 'hover:bg-white/5',
              )}
            >
              <Avatar src={candidate.profileImageUrl} name={candidate.displayName} className="size-8 text-sm" />
              <span className="min-w-0">
                <span className="block truncate text-sm font-semibold text-white">{candidate.username}</span>
                <span className="block truncate text-xs text-zinc-400">{candidate.displayName}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {replyTo && (
        <div className="flex items-center justify-between gap-2 text-xs text-zinc-400">
          <span>
            Replying to <span className="font-semibold text-zinc-200">@{replyTo.username}</span>
          </span>
          <button
            type="button"
            aria-label="Cancel reply"
            onClick={onCancelReply}
            className="grid size-11 place-items-center rounded-full hover:bg-white/5 hover:text-white"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
      <div className="flex items-center gap-2">
        <input
          ref={ref}
          type="text"
          role="combobox"
          aria-label="Add a comment"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? `${listId}-${suggestions[activeIndex].id}` : undefined}
          placeholder="Add a comment..."
          maxLength={COMMENT_MAX}
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setCaret(event.target.selectionStart ?? event.target.value.length);
            setActive(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
          onKeyDown={onKeyDown}
          className="min-h-11 min-w-0 flex-1 rounded-full border border-white/10 bg-zinc-900 px-4 text-base text-zinc-50 placeholder:text-zinc-500 focus:border-fuchsia-400/70 focus:outline-none"
        />
        <Button type="submit" variant="link" disabled={!content || disabled} className="font-semibold no-underline">
          Post
        </Button>
      </div>
    </form>
  );
}

//! 'Search in conversation' (issue 47): a search field over the open conversation's messages and
//! composer. As the user types (debounced), the messages that say it, newest first: who sent
//! each, when, and its text, or for a voice message what it says, with the words found marked;
//! 'No messages found' when none; 'Load more' while older matches follow. The server's refusal
//! ('Search must be under 100 characters') is shown as it says it. Choosing a result hands the
//! message to the page; Escape or the close button closes the search.
import { Mic, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LoadMore } from '@/components/load-more';
import { IconButton } from '@/components/ui/icon-button';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useLatest } from '@/hooks/use-latest';
import { errorMessage } from '@/lib/api-client';
import { relativeTime } from '@/lib/relative-time';
import { MESSAGE_SEARCH_MAX, useSearchMessages } from '../api/search-messages';
import { searchedText, searchSnippet } from '../conversation';
import type { Message } from '../types';

/** As explore's and the people pickers' searches wait. */
export const SEARCH_DEBOUNCE_MS = 300;

function Snippet({ text, query }: { text: string; query: string }) {
  return (
    <>
      {searchSnippet(text, query).map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-fuchsia-500/30 px-0.5 text-zinc-50">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

function ResultRow({ message, query, meId, onChoose }: { message: Message; query: string; meId: number; onChoose: () => void }) {
  const voice = message.messageType === 'voice';
  return (
    <li>
      <button
        type="button"
        onClick={onChoose}
        className="block min-h-11 w-full rounded-xl px-3 py-2 text-left transition hover:bg-white/5 focus-visible:bg-white/5 focus-visible:outline-none"
      >
        <span className="flex items-baseline gap-2">
          <span className="min-w-0 flex-1 truncate text-sm font-semibold text-white">
            {message.sender.id === meId ? 'You' : message.sender.displayName}
          </span>
          <time dateTime={message.createdAt} className="shrink-0 text-xs text-zinc-500">
            {relativeTime(message.createdAt)}
          </time>
        </span>
        <span className="mt-0.5 flex items-start gap-1.5 text-sm text-zinc-300">
          {voice && (
            <>
              <Mic aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-zinc-400" />
              <span className="sr-only">Voice message: </span>
            </>
          )}
          <span className="line-clamp-3 min-w-0 break-words">
            <Snippet text={searchedText(message)} query={query} />
          </span>
        </span>
      </button>
    </li>
  );
}

export function ConversationSearch({
  conversationId,
  meId,
  onChoose,
  onClose,
  className,
}: {
  conversationId: number;
  meId: number;
  onChoose: (message: Message) => void;
  onClose: () => void;
  className?: string;
}) {
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const search = useSearchMessages(conversationId, query);
  const panel = useRef<HTMLElement>(null);
  const close = useLatest(onClose);

  // Opened from a menu: the field takes focus at once.
  useEffect(() => {
    panel.current?.querySelector('input')?.focus();
  }, []);

  // Escape closes it from anywhere while it is open (not when something else, a menu, took it).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      close.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [close]);

  const results = search.data?.pages.flatMap((page) => page.items) ?? [];
  let body: ReactNode;
  if (!query) {
    body = <p className="px-4 py-8 text-center text-sm text-zinc-400">Find words in the messages, and in what voice messages say.</p>;
  } else if (search.isPending) {
    body = (
      <div role="status" aria-label="Searching" className="space-y-2 p-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14 rounded-xl" />
        ))}
      </div>
    );
  } else if (search.isError && results.length === 0) {
    body = (
      <p role="alert" className="px-4 py-8 text-center text-sm text-red-300">
        {errorMessage(search.error) ?? 'Could not search this conversation. Please try again.'}
      </p>
    );
  } else if (results.length === 0) {
    body = (
      <p role="status" className="px-4 py-8 text-center text-sm text-zinc-400">
        No messages found
      </p>
    );
  } else {
    body = (
      <>
        <p role="status" className="sr-only">
          {search.hasNextPage ? `More than ${results.length} messages found` : `${results.length} ${results.length === 1 ? 'message' : 'messages'} found`}
        </p>
        <ul aria-label="Messages found" className="space-y-1 p-2">
          {results.map((message) => (
            <ResultRow key={message.id} message={message} query={query} meId={meId} onChoose={() => onChoose(message)} />
          ))}
        </ul>
        <LoadMore auto={false} hasNextPage={search.hasNextPage} isFetchingNextPage={search.isFetchingNextPage} fetchNextPage={search.fetchNextPage} />
      </>
    );
  }

  return (
    <section ref={panel} aria-label="Conversation search" className={className}>
      <div role="search" className="flex items-center gap-1 border-b border-white/10 p-2">
        <SearchInput
          aria-label="Search in conversation"
          placeholder="Search in conversation"
          maxLength={MESSAGE_SEARCH_MAX}
          enterKeyHint="search"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          wrapperClassName="min-w-0 flex-1"
        />
        <IconButton
          label="Close search"
          icon={X}
          iconClassName="size-5"
          onClick={onClose}
          className="text-zinc-300 hover:bg-white/5 hover:text-white"
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{body}</div>
    </section>
  );
}

//! Explore's search (issue 19): as the user types (debounced), three groups from
//! GET /api/search: Accounts (as the users' rows, with the page's follow button), Tags ('#tag ·
//! n posts', to the tag's page) and Posts (thumbnails to /p/{id}; a post found by its place
//! shows the place). Each group says when it found nothing. Without a query, `idle` shows. A
//! query that reads as a handle of another server (`@name@host`, issue 46) gets, over the
//! results, what the page hands in for it (the users' 'Find … on another server').
import { Hash, MapPin, Sparkles } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { remoteHandle } from '@/lib/remote-handle';
import { profileHref, tagHref } from '@/lib/rich-text';
import type { Post, Profile } from '@/types/social';
import { SEARCH_MAX, useSearchAll } from '../api/search-all';
import type { TagSummary } from '../types';

export const SEARCH_DEBOUNCE_MS = 300;

function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** Whether the post was found by its place: a word of the query is in its location. */
export function matchedPlace(post: Pick<Post, 'location'>, query: string): boolean {
  const location = post.location?.toLowerCase();
  if (!location) return false;
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .some((word) => word.length > 0 && location.includes(word));
}

/** One group of results under its heading: the list named `title`, or `empty` when it has none. */
function Group<T>({
  id,
  title,
  items,
  empty,
  listClassName,
  renderItem,
}: {
  id: string;
  title: string;
  items: T[];
  empty: string;
  listClassName: string;
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 text-sm font-semibold tracking-wide text-zinc-400 uppercase">
        {title}
      </h3>
      {items.length === 0 ? (
        <Nothing text={empty} />
      ) : (
        <ul aria-label={title} className={listClassName}>
          {items.map(renderItem)}
        </ul>
      )}
    </section>
  );
}

function Nothing({ text }: { text: string }) {
  return <p className="rounded-2xl border border-white/5 bg-zinc-900/40 px-4 py-3 text-sm text-zinc-400">{text}</p>;
}

function AccountRow({ user, action }: { user: Profile; action: ReactNode }) {
  return (
    <li className="flex items-center gap-3 rounded-2xl border border-white/10 bg-zinc-900/60 p-3">
      <Link href={profileHref(user.username)} className="flex min-h-11 min-w-0 flex-1 items-center gap-3">
        <Avatar src={user.profileImageUrl} name={user.displayName} className="size-12 text-lg" />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-white">{user.displayName}</span>
          <span className="block truncate text-sm text-zinc-400">@{user.username}</span>
          {user.bio && <span className="mt-0.5 line-clamp-2 text-sm text-zinc-300">{user.bio}</span>}
          <span className="mt-0.5 block text-xs text-zinc-500">{count(user.followersCount, 'follower', 'followers')}</span>
        </span>
      </Link>
      {action}
    </li>
  );
}

function TagRow({ tag }: { tag: TagSummary }) {
  return (
    <li>
      <Link
        href={tagHref(tag.tag)}
        className="flex min-h-12 items-center gap-3 rounded-2xl border border-white/10 bg-zinc-900/60 px-3 py-2 hover:bg-white/5"
      >
        <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-white/5 text-fuchsia-300">
          <Hash className="size-4" />
        </span>
        <span className="min-w-0 truncate font-semibold text-white">#{tag.tag}</span>
        <span className="ml-auto shrink-0 text-sm text-zinc-400">· {count(tag.postsCount, 'post', 'posts')}</span>
      </Link>
    </li>
  );
}

function PostTile({ post, query }: { post: Post; query: string }) {
  const place = matchedPlace(post, query) ? post.location : null;
  const caption = post.caption.trim() || `Post by ${post.user.displayName}`;
  return (
    <li>
      <Link href={`/p/${post.id}`} className="group relative block overflow-hidden rounded-xl bg-zinc-900" aria-label={place ? `${caption}, ${place}` : caption}>
        <img
          src={post.media[0].thumbnailUrl ?? post.media[0].url}
          alt=""
          loading="lazy"
          className="aspect-square w-full object-cover transition group-hover:brightness-90"
        />
        {place && (
          <span className="absolute inset-x-0 bottom-0 flex items-center gap-1 bg-gradient-to-t from-black/80 to-transparent px-2 pt-4 pb-1.5 text-xs font-medium text-white">
            <MapPin aria-hidden="true" className="size-3 shrink-0" />
            <span className="truncate">{place}</span>
          </span>
        )}
      </Link>
    </li>
  );
}

/**
 * `renderAccountAction` gives each account row its follow button (the users feature's, handed
 * in by the page); `idle` is shown while there is no query; `renderHandle` is shown over the
 * results of a query that is a handle of another server (given as `@name@host`).
 */
export function ExploreSearch({
  idle,
  renderAccountAction,
  renderHandle,
}: {
  idle?: ReactNode;
  renderAccountAction?: (user: Profile) => ReactNode;
  renderHandle?: (handle: string) => ReactNode;
}) {
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const search = useSearchAll(query);
  const results = search.data;
  const remote = remoteHandle(query);

  let body: ReactNode;
  if (!query)
    body = idle ?? (
      <EmptyState
        icon={<Sparkles aria-hidden="true" className="size-6" />}
        title="Discover creators"
        description="Search by name, tag or place."
      />
    );
  else if (search.isPending)
    body = (
      <div role="status" aria-label="Searching" className="space-y-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 rounded-2xl" />
        ))}
      </div>
    );
  else if (search.isError || !results) body = null;
  else
    body = (
      <section aria-labelledby="search-results-heading" className="space-y-6">
        <h2 id="search-results-heading" className="text-lg font-semibold text-white">
          Search Results
        </h2>
        <Group
          id="search-accounts"
          title="Accounts"
          items={results.users}
          empty="No users found"
          listClassName="space-y-3"
          renderItem={(user) => <AccountRow key={user.id} user={user} action={renderAccountAction?.(user)} />}
        />
        <Group
          id="search-tags"
          title="Tags"
          items={results.tags}
          empty="No tags found"
          listClassName="space-y-2"
          renderItem={(tag) => <TagRow key={tag.tag} tag={tag} />}
        />
        <Group
          id="search-posts"
          title="Posts"
          items={results.posts}
          empty="No posts found"
          listClassName="grid grid-cols-3 gap-1"
          renderItem={(post) => <PostTile key={post.id} post={post} query={query} />}
        />
      </section>
    );

  return (
    <div className="space-y-5">
      <SearchInput
        large
        aria-label="Search"
        placeholder="Search users, tags, or locations..."
        maxLength={SEARCH_MAX}
        value={input}
        onChange={(e) => setInput(e.target.value)}
      />
      {remote && renderHandle?.(remote.handle)}
      {body}
    </div>
  );
}

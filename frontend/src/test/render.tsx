//! Test helpers: render inside a fresh QueryClient, a memory router and the toaster, with an
//! optional signed-in user; fixtures for the social types.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster } from '@/components/ui/toaster';
import type { User } from '@/lib/auth';
import { userQueryKey } from '@/lib/query-keys';
import type { Post, Profile } from '@/types/social';

export function renderWithApp(ui: ReactElement, { path = '/', user }: { path?: string; user?: User } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  if (user) queryClient.setQueryData(userQueryKey, user);
  const location = memoryLocation({ path, record: true });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>{ui}</Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, queryClient, location };
}

export const me: User = {
  id: 1,
  username: 'maya',
  displayName: 'Maya Chen',
  email: 'maya@example.com',
  bio: null,
  profileImageUrl: null,
  isAdmin: false,
  createdAt: '2026-01-01T00:00:00Z',
  emailVerified: true,
  emailVerifyBy: null,
  readOnly: false,
  pendingEmail: null,
  twoFactorEnabled: false,
  onboarded: true,
};

export function aPost(overrides: Partial<Post> = {}): Post {
  const first = {
    url: overrides.imageUrl ?? '/media/abc.jpg',
    thumbnailUrl: overrides.thumbnailUrl === undefined ? '/media/abc-320.jpg' : overrides.thumbnailUrl,
    width: overrides.width === undefined ? 1600 : overrides.width,
    height: overrides.height === undefined ? 1200 : overrides.height,
    blurhash: overrides.blurhash ?? null,
    alt: '',
  };
  return {
    id: 7,
    user: { id: 2, username: 'leo', displayName: 'Leo Park', profileImage: null },
    media: [first],
    imageUrl: '/media/abc.jpg',
    thumbnailUrl: '/media/abc-320.jpg',
    width: 1600,
    height: 1200,
    blurhash: null,
    caption: 'Neon city at night',
    location: 'Seoul',
    tags: ['neon', 'city'],
    likesCount: 3,
    commentsCount: 1,
    sharesCount: 0,
    isLiked: false,
    isBookmarked: false,
    allowsSharing: true,
    createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
    editedAt: null,
    ...overrides,
  };
}

export function aProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 2,
    username: 'leo',
    displayName: 'Leo Park',
    bio: 'Motion designer',
    profileImageUrl: null,
    skills: ['motion'],
    postsCount: 0,
    followersCount: 10,
    followingCount: 4,
    isFollowing: false,
    isMuted: false,
    isPrivate: false,
    isRequested: false,
    isAdmin: false,
    createdAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** A JSON answer, optionally with headers. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' }, ...init });
}

/** A promise to settle by hand, for observing pending states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

//! Fixtures for stories: a group per author, stories created an hour apart; the strip's circle
//! of a group; and a stand-in for the stories endpoints over some groups (issue 45).
import type { Story, StoryGroup, StoryStripGroup } from '@/features/stories/types';
import { json } from './render';

let nextId = 100;

export function aStory(overrides: Partial<Story> = {}): Story {
  const id = nextId++;
  return {
    id,
    imageUrl: `/media/story-${id}.jpg`,
    type: 'image',
    caption: null,
    viewsCount: 0,
    viewedByMe: false,
    createdAt: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
    expiresAt: new Date(Date.now() + 21 * 60 * 60 * 1000).toISOString(),
    ...overrides,
  };
}

export function aGroup(
  user: { id: number; username: string; displayName: string },
  stories: Array<Partial<Story>>,
): StoryGroup {
  return { user: { profileImage: null, ...user }, stories: stories.map((s) => aStory(s)) };
}

/** `group`'s circle in the strip: new while one of its stories is unseen. */
export function aCircle(group: StoryGroup): StoryStripGroup {
  return {
    user: group.user,
    latestAt: group.stories.at(-1)?.createdAt ?? new Date().toISOString(),
    unseen: group.stories.some((story) => !story.viewedByMe),
  };
}

/**
 * The stories endpoints over `groups`, which hold the server's state (a view marks the story
 * seen and answers its count as it is; a delete removes it): `answer(url, init)` is the
 * response, or null for any other endpoint. GET /api/stories lists the circles with stories;
 * GET /api/users/{id}/stories is a 404 for anyone not in `groups`.
 */
export function storiesServer(groups: StoryGroup[]) {
  const story = (id: number) => groups.flatMap((group) => group.stories).find((s) => s.id === id);
  return {
    answer(url: string, init?: RequestInit): Response | null {
      const path = new URL(url, 'http://app.test').pathname;
      const method = init?.method ?? 'GET';
      if (method === 'GET' && path === '/api/stories') {
        return json(groups.filter((group) => group.stories.length > 0).map(aCircle));
      }
      const userId = /^\/api\/users\/(\d+)\/stories$/.exec(path)?.[1];
      if (method === 'GET' && userId) {
        const group = groups.find((g) => g.user.id === Number(userId));
        return group ? json(group) : json({ message: 'User not found', code: 'not_found' }, { status: 404 });
      }
      const viewed = /^\/api\/stories\/(\d+)\/view$/.exec(path)?.[1];
      if (method === 'POST' && viewed) {
        const seen = story(Number(viewed));
        if (!seen) return json({ message: 'Story not found', code: 'not_found' }, { status: 404 });
        seen.viewedByMe = true;
        return json({ viewsCount: seen.viewsCount });
      }
      const deleted = /^\/api\/stories\/(\d+)$/.exec(path)?.[1];
      if (method === 'DELETE' && deleted) {
        for (const group of groups) group.stories = group.stories.filter((s) => s.id !== Number(deleted));
        return new Response(null, { status: 204 });
      }
      return null;
    },
  };
}

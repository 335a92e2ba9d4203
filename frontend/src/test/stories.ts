//! Fixtures for stories: a group per author, stories created an hour apart.
import type { Story, StoryGroup } from '@/features/stories/types';

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

//! Fixtures for reels.
import type { Reel, ReelDraft } from '@/features/reels/types';

let nextId = 300;

export function aReel(overrides: Partial<Reel> = {}): Reel {
  const id = overrides.id ?? nextId++;
  return {
    id,
    videoUrl: `/media/reel-${id}.webm`,
    posterUrl: `/media/reel-${id}.jpg`,
    caption: `Reel number ${id}`,
    duration: 4,
    width: 360,
    height: 640,
    user: { id: 2, username: 'leo', displayName: 'Leo Park', profileImage: null },
    likesCount: 12,
    commentsCount: 3,
    sharesCount: 1,
    isLiked: false,
    allowsSharing: true,
    createdAt: '2026-03-01T10:00:00Z',
    editedAt: null,
    ...overrides,
  };
}

let nextDraftId = 900;

export function aReelDraft(overrides: Partial<ReelDraft> = {}): ReelDraft {
  const id = overrides.id ?? nextDraftId++;
  return {
    id,
    videoUrl: `/media/draft-${id}.webm`,
    posterUrl: `/media/draft-${id}.jpg`,
    caption: `Draft number ${id}`,
    duration: 7,
    width: 360,
    height: 640,
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}

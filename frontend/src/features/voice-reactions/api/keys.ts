//! Query and mutation keys of voice reactions: one list per post or reel (its first page holds
//! the counts the card shows).
import type { CommunityItemKind } from '@/lib/community-actions';

export const voiceReactionKeys = {
  all: ['voice-reactions'] as const,
  /** A post's or reel's voice reactions, newest first, with its counts by emotion. */
  list: (kind: CommunityItemKind, id: number) => ['voice-reactions', kind, id] as const,
  /** The counts a card shows (a one-item page); under `list`, so what refreshes the list refreshes them. */
  counts: (kind: CommunityItemKind, id: number) => ['voice-reactions', kind, id, 'counts'] as const,
  /** Mutation keys. */
  send: (kind: CommunityItemKind, id: number) => ['voice-reactions-send', kind, id] as const,
  remove: (id: number) => ['voice-reactions-delete', id] as const,
};

/** Voice reactions per page. */
export const VOICE_REACTIONS_PAGE_SIZE = 20;

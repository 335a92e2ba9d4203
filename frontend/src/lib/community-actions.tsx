//! Opening a post's or reel's comments and its 'Send to…' dialog from anywhere (issue 19), and
//! drawing its voice reactions (issue 43). The buttons live in the posts and reels features, the
//! sheet, dialog and voice reactions in the comments, chat and voice-reactions features, which
//! may not import one another: the app shell provides these actions
//! (app/layout/community-layer.tsx) and the cards call them. Outside the provider (a component
//! test) they do nothing and draw nothing.
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

export type CommunityItemKind = 'post' | 'reel';

/** What the comments sheet needs: the item, and its author (who may delete any comment on it). */
export interface CommentTarget {
  kind: CommunityItemKind;
  id: number;
  authorId: number;
}

export interface ShareTarget {
  kind: CommunityItemKind;
  id: number;
}

/** What a card gives its voice reactions: the item, its author, and whether its microphone opened the panel. */
export interface VoiceReactionsProps {
  target: CommentTarget;
  /** The author's username (the list says whose ears the private ones are for). */
  authorName?: string;
  panelOpen: boolean;
  onPanelClose: () => void;
  className?: string;
}

export interface CommunityActions {
  openComments: (target: CommentTarget) => void;
  openShare: (target: ShareTarget) => void;
  /** The counts by emotion, their list and the recording panel of one post or reel. */
  VoiceReactions: ComponentType<VoiceReactionsProps>;
}

const none: CommunityActions = { openComments: () => {}, openShare: () => {}, VoiceReactions: () => null };

const CommunityActionsContext = createContext<CommunityActions>(none);

/** `VoiceReactions` may be left out (a test of the comments or sharing): nothing is drawn. */
export function CommunityActionsProvider({
  value,
  children,
}: {
  value: Omit<CommunityActions, 'VoiceReactions'> & Partial<Pick<CommunityActions, 'VoiceReactions'>>;
  children: ReactNode;
}) {
  const full = value.VoiceReactions ? (value as CommunityActions) : { ...value, VoiceReactions: none.VoiceReactions };
  return <CommunityActionsContext.Provider value={full}>{children}</CommunityActionsContext.Provider>;
}

export function useCommunityActions(): CommunityActions {
  return useContext(CommunityActionsContext);
}

/** The address 'Copy link' copies: the post page, or the reels pager opened at the reel. */
export function shareUrl(target: ShareTarget, origin: string = window.location.origin): string {
  return target.kind === 'post' ? `${origin}/p/${target.id}` : `${origin}/reels?reel=${target.id}`;
}

//! Opening a post's or reel's comments and its 'Send to…' dialog from anywhere (issue 19). The
//! buttons live in the posts and reels features, the sheet and dialog in the comments and chat
//! features, which may not import one another: the app shell provides these two actions
//! (app/layout/community-layer.tsx) and the buttons call them. Outside the provider (a
//! component test) they do nothing.
import { createContext, useContext, type ReactNode } from 'react';

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

export interface CommunityActions {
  openComments: (target: CommentTarget) => void;
  openShare: (target: ShareTarget) => void;
}

const none: CommunityActions = { openComments: () => {}, openShare: () => {} };

const CommunityActionsContext = createContext<CommunityActions>(none);

export function CommunityActionsProvider({ value, children }: { value: CommunityActions; children: ReactNode }) {
  return <CommunityActionsContext.Provider value={value}>{children}</CommunityActionsContext.Provider>;
}

export function useCommunityActions(): CommunityActions {
  return useContext(CommunityActionsContext);
}

/** The address 'Copy link' copies: the post page, or the reels pager opened at the reel. */
export function shareUrl(target: ShareTarget, origin: string = window.location.origin): string {
  return target.kind === 'post' ? `${origin}/p/${target.id}` : `${origin}/reels?reel=${target.id}`;
}

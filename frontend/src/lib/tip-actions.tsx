//! Supporting a creator from anywhere (issue 23): the 'Support' buttons on posts, reels and
//! profiles (components/support-button.tsx) live in features that may not import the tips
//! feature; its layer (features/tips/components/tip-layer.tsx, mounted by the app shell)
//! provides this action and holds the one 'Support {name}' dialog it opens. Outside the provider
//! (a component test) there is none, and the buttons are left out.
import { createContext, useContext, type ReactNode } from 'react';

/** The person tipped: enough to address the tip and to name them in the dialog and its toast. */
export interface TipRecipient {
  id: number;
  username: string;
  displayName: string;
}

/** Whom to tip, and the post or reel the tip is for (at most one of them). */
export interface TipTarget {
  recipient: TipRecipient;
  postId?: number;
  reelId?: number;
}

export interface TipActions {
  /** The signed-in user: no one tips themselves, so their own things get no 'Support'. */
  viewerId: number;
  /** Opens 'Support {name}'. */
  tip: (target: TipTarget) => void;
}

const TipActionsContext = createContext<TipActions | null>(null);

export function TipActionsProvider({ value, children }: { value: TipActions; children: ReactNode }) {
  return <TipActionsContext.Provider value={value}>{children}</TipActionsContext.Provider>;
}

export function useTipActions(): TipActions | null {
  return useContext(TipActionsContext);
}

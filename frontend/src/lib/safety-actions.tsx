//! Muting, blocking and reporting from anywhere (issue 20). The menus on posts, reels and comments
//! (components/author-menu.tsx) live in features that may not import the safety feature: its
//! layer (features/safety/components/safety-layer.tsx, mounted by the app shell) provides these
//! actions, and holds the one 'Block @username?' confirmation and the one Report dialog they open. Outside the provider (a
//! component test) there are none, and the menus leave their items out.
import { createContext, useContext, type ReactNode } from 'react';

/** The person acted on: enough to call the server and to name them in the dialog and toasts. */
export interface SafetySubject {
  id: number;
  username: string;
}

export interface BlockOptions {
  /** After the server has the block (the profile page leaves for the home feed). */
  onBlocked?: () => void;
  /** Where focus goes when the dialog closes (the menu's trigger: the item that opened it is gone). */
  returnFocusTo?: HTMLElement | null;
}

/** What a report names (POST /api/reports' `targetType` and `targetId`). */
export type ReportTargetType = 'post' | 'comment' | 'reel' | 'story' | 'message' | 'user' | 'review' | 'voice_reaction';

export interface ReportTarget {
  targetType: ReportTargetType;
  targetId: number;
}

export interface ReportOptions {
  /** Where focus goes when the dialog closes (the menu's trigger). */
  returnFocusTo?: HTMLElement | null;
  /** The server of the account it is about, when that is another server (issue 46): the
   * reporter may send the report there too. */
  remoteHost?: string | null;
}

export interface SafetyActions {
  /** The signed-in user: no one mutes or blocks themselves, so their own things get no items. */
  viewerId: number;
  /** Mutes at once (their posts and stories leave your feed); a toast says so. */
  mute: (subject: SafetySubject) => void;
  /** Asks 'Block @username?' first; blocks on 'Block'. */
  block: (subject: SafetySubject, options?: BlockOptions) => void;
  /** Opens the Report dialog (a reason, optional details) for someone else's content or account. */
  report: (target: ReportTarget, options?: ReportOptions) => void;
}

const SafetyActionsContext = createContext<SafetyActions | null>(null);

export function SafetyActionsProvider({ value, children }: { value: SafetyActions; children: ReactNode }) {
  return <SafetyActionsContext.Provider value={value}>{children}</SafetyActionsContext.Provider>;
}

export function useSafetyActions(): SafetyActions | null {
  return useContext(SafetyActionsContext);
}

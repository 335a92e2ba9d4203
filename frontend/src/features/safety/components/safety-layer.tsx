//! Provides muting and blocking to every screen (lib/safety-actions.tsx), mounted by the app
//! shell around the screens and the comments sheet: the menus of posts, reels, comments and
//! profiles (and messages and stories) call these, and the one 'Block @username?' dialog and the
//! one Report dialog live here.
import { useMemo, useState, type ReactNode } from 'react';
import { SafetyActionsProvider, type SafetyActions } from '@/lib/safety-actions';
import { useMuteUser } from '../api/mute-user';
import { BlockDialog, type BlockRequest } from './block-dialog';
import { ReportDialog, type ReportRequest } from './report-dialog';

/**
 * `viewerId` comes from the shell's `user` prop, not from the session query: that query empties
 * while the shell is still on screen during a sign-out (a deactivation), and the layer must not
 * throw then.
 */
export function SafetyLayer({ viewerId, children }: { viewerId: number; children: ReactNode }) {
  const { mutate: mute } = useMuteUser();
  const [blockRequest, setBlockRequest] = useState<BlockRequest | null>(null);
  const [blockOpen, setBlockOpen] = useState(false);
  const [reportRequest, setReportRequest] = useState<ReportRequest | null>(null);
  const [reportOpen, setReportOpen] = useState(false);
  const actions = useMemo<SafetyActions>(
    () => ({
      viewerId,
      mute: (subject) => mute(subject),
      block: (subject, options = {}) => {
        setBlockRequest({ subject, options });
        setBlockOpen(true);
      },
      report: (target, options = {}) => {
        setReportRequest({ target, options });
        setReportOpen(true);
      },
    }),
    [viewerId, mute],
  );

  return (
    <SafetyActionsProvider value={actions}>
      {children}
      <BlockDialog request={blockRequest} open={blockOpen} onClose={() => setBlockOpen(false)} />
      <ReportDialog request={reportRequest} open={reportOpen} onClose={() => setReportOpen(false)} />
    </SafetyActionsProvider>
  );
}

//! Provides tipping to every screen (lib/tip-actions.tsx), mounted by the app shell: the
//! 'Support' buttons of posts, reels and profiles call it, and the one 'Support {name}' dialog
//! lives here, made afresh for each opening (a new amount, message and Idempotency-Key).
import { useMemo, useState, type ReactNode } from 'react';
import { TipActionsProvider, type TipActions, type TipTarget } from '@/lib/tip-actions';
import { TipDialog } from './tip-dialog';

/** `viewerId` comes from the shell's `user` prop, as the safety layer's does. */
export function TipLayer({ viewerId, children }: { viewerId: number; children: ReactNode }) {
  const [request, setRequest] = useState<{ target: TipTarget; opening: number } | null>(null);
  const [open, setOpen] = useState(false);
  const actions = useMemo<TipActions>(
    () => ({
      viewerId,
      tip: (target) => {
        setRequest((previous) => ({ target, opening: (previous?.opening ?? 0) + 1 }));
        setOpen(true);
      },
    }),
    [viewerId],
  );

  return (
    <TipActionsProvider value={actions}>
      {children}
      {request && <TipDialog key={request.opening} target={request.target} open={open} onClose={() => setOpen(false)} />}
    </TipActionsProvider>
  );
}

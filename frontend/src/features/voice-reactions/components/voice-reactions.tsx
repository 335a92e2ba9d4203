//! A post's or reel's voice reactions under its actions (issue 43): the counts by emotion, which
//! open the list of those the viewer may hear, and the panel that records and sends one when the
//! card's microphone opens it. The posts and reels features draw this through the app shell
//! (lib/community-actions: `VoiceReactions`), as they draw the comments sheet.
import { useState } from 'react';
import type { VoiceReactionsProps } from '@/lib/community-actions';
import { cn } from '@/lib/utils';
import { useVoiceReactionCounts } from '../api/get-voice-reactions';
import { VOICE_EMOTIONS, VoiceReactionPanel } from './voice-reaction-panel';
import { VoiceReactionsList } from './voice-reactions-list';

export function VoiceReactions({ target, authorName, panelOpen, onPanelClose, className }: VoiceReactionsProps) {
  const [listOpen, setListOpen] = useState(false);
  const first = useVoiceReactionCounts(target.kind, target.id).data;
  const total = first?.total ?? 0;

  return (
    <>
      {first && total > 0 && (
        <button
          type="button"
          onClick={() => setListOpen(true)}
          className={cn(
            'flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-1 text-left text-sm text-zinc-300 hover:text-white',
            className,
          )}
        >
          {/* Read as '2 Love it!, 1 Inspired!, voice reactions': the emoji are named, not read. */}
          {VOICE_EMOTIONS.filter(({ id }) => first.counts[id] > 0).map(({ id, emoji, label }) => (
            <span key={id} className="tabular-nums">
              <span aria-hidden="true">{emoji}</span> {first.counts[id].toLocaleString('en-US')}
              <span className="sr-only"> {label},</span>{' '}
            </span>
          ))}
          <span className="text-zinc-400">{total === 1 ? 'voice reaction' : 'voice reactions'}</span>
        </button>
      )}
      {panelOpen && <VoiceReactionPanel target={target} onClose={onPanelClose} />}
      {listOpen && <VoiceReactionsList target={target} authorName={authorName} open={listOpen} onOpenChange={setListOpen} />}
    </>
  );
}

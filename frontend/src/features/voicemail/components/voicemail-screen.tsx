//! The voicemail screen (docs/voice-contract.md): 'Voicemails' with the unread badge '{n} new'
//! and 'Record Voicemail' ('Recording...' while it records, 30 s at most); a finished recording
//! waits above the list for a recipient and 'Send Voicemail'; then 'Search voicemail' (issue 47:
//! what they said, debounced, as other searches wait) and the cards, newest first, or 'No
//! voicemails yet' ('No voicemails match' for a search).
import { SearchX, Voicemail as VoicemailIcon } from 'lucide-react';
import { useState } from 'react';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useUnreadCount } from '../api/get-unread-count';
import { useVoicemails, VOICEMAIL_SEARCH_MAX } from '../api/get-voicemails';
import { RecordingTimer, SendVoicemailForm, useVoicemailRecording, type UseRecipients } from './voicemail-recorder';
import { VoicemailCard } from './voicemail-card';

/** As explore's and the chat's searches wait. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The cards; with a `query`, only the voicemails whose transcript says it. */
function VoicemailList({ query }: { query: string }) {
  const list = useVoicemails(query);
  const voicemails = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending) {
    return (
      <div role="status" aria-label="Loading voicemails" className="space-y-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-32 rounded-2xl" />
        ))}
      </div>
    );
  }
  if (list.isError) return <EmptyState title="Failed to load voicemails" description="Please try again later." />;
  if (voicemails.length === 0 && query) {
    return (
      <div role="status">
        <EmptyState icon={<SearchX aria-hidden="true" className="size-6" />} title="No voicemails match" />
      </div>
    );
  }
  if (voicemails.length === 0) {
    return <EmptyState icon={<VoicemailIcon aria-hidden="true" className="size-6" />} title="No voicemails yet" />;
  }
  return (
    <>
      <ul aria-label="Voicemails" className="space-y-3">
        {voicemails.map((voicemail) => (
          <VoicemailCard key={voicemail.id} voicemail={voicemail} />
        ))}
      </ul>
      <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
    </>
  );
}

export function VoicemailScreen({ useRecipients }: { useRecipients: UseRecipients }) {
  const unread = useUnreadCount();
  const { recorder, clip, discard } = useVoicemailRecording(() =>
    toast({ title: 'Recording Complete', description: 'Voicemail recorded! Please select a recipient to send it.' }),
  );
  const recording = recorder.status === 'recording';
  const count = unread.data?.count ?? 0;
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const onRecord = () => {
    if (recording) recorder.stop();
    else if (recorder.status === 'idle') void recorder.start();
  };

  return (
    <main className="space-y-4 px-4 pt-4 pb-6">
      <header className="flex flex-wrap items-center gap-2">
        <h1 className="text-lg font-semibold whitespace-nowrap text-white">Voicemails</h1>
        {count > 0 && (
          <span className="rounded-full bg-fuchsia-500/25 px-2 text-xs leading-6 font-semibold whitespace-nowrap text-fuchsia-200">
            {count} new
          </span>
        )}
        <Button
          variant={recording ? 'danger' : 'primary'}
          onClick={onRecord}
          disabled={recorder.status === 'starting'}
          className="ml-auto px-3 whitespace-nowrap"
        >
          {recording ? (
            <>
              Recording...<span className="sr-only"> Press to stop.</span>
            </>
          ) : (
            'Record Voicemail'
          )}
        </Button>
      </header>
      {recording && <RecordingTimer seconds={recorder.seconds} />}
      {clip && !recording && (
        <SendVoicemailForm clip={clip} useRecipients={useRecipients} onSent={discard} onDiscard={discard} />
      )}
      <div role="search">
        <SearchInput
          aria-label="Search voicemail"
          placeholder="Search what they said"
          maxLength={VOICEMAIL_SEARCH_MAX}
          enterKeyHint="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <VoicemailList query={query} />
    </main>
  );
}

//! /create: a new post; /create?draft={id} (issue 44): one of your drafts, in the same composer.
//! A shared post lands on Home (the profiles' post counts refreshed); a saved draft or a scheduled
//! post on your profile's Drafts or Scheduled. Closing a draft goes back where it was opened from.
import { useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useDraft } from '@/features/posts/api/drafts';
import { CreatePostScreen, type ComposerOutcome } from '@/features/posts/components/create-post-screen';
import { userKeys } from '@/features/users/api/keys';
import { useCurrentUser } from '@/lib/auth';
import { closeToOpener } from '@/lib/opened-in-app';

export default function CreatePostPage() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const draftId = Number(new URLSearchParams(useSearch()).get('draft')) || null;
  const draftsPath = (view: 'drafts' | 'scheduled') => `/profile/${encodeURIComponent(me.username)}?tab=${view}`;
  const onDone = (outcome: ComposerOutcome) => {
    if (outcome.kind === 'shared') navigate('/');
    else navigate(draftsPath(outcome.kind === 'scheduled' ? 'scheduled' : 'drafts'));
  };
  const onCreated = () => void queryClient.invalidateQueries({ queryKey: userKeys.all });
  return (
    <main>
      {draftId === null ? (
        <CreatePostScreen onClose={() => navigate('/')} onCreated={onCreated} onDone={onDone} />
      ) : (
        <DraftComposer
          key={draftId}
          draftId={draftId}
          onClose={() => closeToOpener(navigate, draftsPath('drafts'))}
          onCreated={onCreated}
          onDone={onDone}
          draftsPath={draftsPath('drafts')}
        />
      )}
    </main>
  );
}

function DraftComposer({
  draftId,
  draftsPath,
  ...props
}: {
  draftId: number;
  draftsPath: string;
  onClose: () => void;
  onCreated: () => void;
  onDone: (outcome: ComposerOutcome) => void;
}) {
  const draft = useDraft(draftId);
  if (draft.data) return <CreatePostScreen draft={draft.data} {...props} />;
  if (draft.isPending || draft.isFetching) return <Spinner className="pt-24" label="Loading draft" />;
  return (
    <EmptyState
      icon={<FileText aria-hidden="true" className="size-6" />}
      title={draft.isError ? 'Failed to load the draft' : 'Draft not found'}
      description={draft.isError ? 'Please try again later.' : 'It was published or deleted.'}
      className="pt-24"
    >
      <Link href={draftsPath} className="mt-4 text-sm font-semibold text-fuchsia-300 underline-offset-4 hover:underline">
        Back to your drafts
      </Link>
    </EmptyState>
  );
}

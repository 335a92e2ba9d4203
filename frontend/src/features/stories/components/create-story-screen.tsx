//! Create Story: the Create Post layout without caption, location or
//! tags: an image from the gallery (redrawn to ≤ 1600 px JPEG) or a URL, the tips, Share.
import { useId, type FormEvent } from 'react';
import { CreateScreenHeader } from '@/components/create-screen-header';
import { ImageSourcePicker, useImageSource } from '@/components/image-source-picker';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { useCreateStory } from '../api/create-story';
import { validateStoryForm } from '../story-form';

function showError(description: string) {
  toast({ variant: 'destructive', title: 'Error', description });
}

export function CreateStoryScreen({ onClose }: { onClose: () => void }) {
  const id = useId();
  const source = useImageSource();
  const create = useCreateStory();
  const busy = create.isPending || source.processing;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const result = validateStoryForm(source.value);
    if (!result.ok) {
      showError(result.message);
      return;
    }
    create.mutate(result.payload, {
      onSuccess: () => {
        toast({ title: 'Story created!', description: 'Your story has been shared and will be visible for 24 hours.' });
        onClose();
      },
      // A 403 (read-only until the email is verified, issue 41) says why.
      onError: (error) => showError((errorStatus(error) === 403 && errorMessage(error)) || 'Failed to create story. Please try again.'),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="pb-8">
      <CreateScreenHeader
        title="Create Story"
        onClose={onClose}
        busy={busy}
        pending={create.isPending}
        progress={create.progress}
      />

      <div className="space-y-5 px-4 pt-5">
        {/* Stories are watched full screen on a phone: a tall preview shows what followers get. */}
        <ImageSourcePicker source={source} previewAlt="Preview of your story" disabled={busy} previewClassName="max-h-[65dvh]" />

        <aside aria-labelledby={`${id}-tips`} className="rounded-2xl border border-fuchsia-400/20 bg-fuchsia-500/5 p-4">
          <h2 id={`${id}-tips`} className="text-sm font-semibold text-fuchsia-200">
            Tips for great stories
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-zinc-300">
            <li>Stories vanish after 24 hours</li>
            <li>Vertical images work best</li>
            <li>Stories appear at the top of your followers' feeds</li>
          </ul>
        </aside>
      </div>
    </form>
  );
}

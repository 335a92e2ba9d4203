//! Create Post: an image from the gallery (redrawn to ≤ 1600 px JPEG)
//! or from a URL, a caption with a live counter, optional location and tags, then Share.
import { useId, useState, type FormEvent } from 'react';
import { CreateScreenHeader } from '@/components/create-screen-header';
import { ImageSourcePicker, useImageSource } from '@/components/image-source-picker';
import { Input, Label, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import type { Post } from '@/types/social';
import { useCreatePost } from '../api/create-post';
import { CAPTION_MAX, captionCounter, charLength, validatePostForm } from '../post-form';

function showError(description: string, title = 'Error') {
  toast({ variant: 'destructive', title, description });
}

export function CreatePostScreen({ onClose, onCreated }: { onClose: () => void; onCreated?: (post: Post) => void }) {
  const id = useId();
  const source = useImageSource();
  const [caption, setCaption] = useState('');
  const [location, setLocation] = useState('');
  const [tags, setTags] = useState('');
  const create = useCreatePost();
  // The server's 400 for the image being sent ('Could not fetch that image', a bad field): shown
  // in the form under the image until the image or a field changes or Share is pressed again.
  const [refusal, setRefusal] = useState<{ message: string; sent: string } | null>(null);
  const shownRefusal = refusal && refusal.sent === JSON.stringify([source.value, caption, location, tags]) ? refusal.message : null;

  const busy = create.isPending || source.processing;
  const captionTooLong = charLength(caption) > CAPTION_MAX;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const result = validatePostForm({ caption, imageUrl: source.value, location, tags });
    if (!result.ok) {
      showError(result.message);
      return;
    }
    setRefusal(null);
    const sent = JSON.stringify([source.value, caption, location, tags]);
    create.mutate(result.payload, {
      onSuccess: (post) => {
        toast({ title: 'Post created!', description: 'Your creative post has been shared with the world.' });
        onCreated?.(post);
        onClose();
      },
      // A 400 says what to fix (the server's message), shown in the form; a 403 (an account
      // read-only until its email is verified, issue 41) says why in the toast; other failures
      // keep the spec's toast.
      onError: (error) => {
        const status = errorStatus(error);
        const message = status === 400 && errorMessage(error);
        if (message) setRefusal({ message, sent });
        else showError((status === 403 && errorMessage(error)) || 'Failed to create post. Please try again.');
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="pb-8">
      <CreateScreenHeader
        title="Create Post"
        onClose={onClose}
        busy={busy}
        pending={create.isPending}
        progress={create.progress}
      />

      <div className="space-y-5 px-4 pt-5">
        <ImageSourcePicker source={source} previewAlt="Preview of your post" disabled={busy} />
        {shownRefusal && (
          <p role="alert" className="-mt-2 text-sm text-red-300">
            {shownRefusal}
          </p>
        )}

        <div>
          <Label htmlFor={`${id}-caption`}>Caption</Label>
          <Textarea
            id={`${id}-caption`}
            placeholder="Tell the story behind your work..."
            value={caption}
            onChange={(e) => setCaption(e.target.value)}
            aria-describedby={`${id}-caption-count`}
            aria-invalid={captionTooLong || undefined}
            rows={4}
          />
          <p
            id={`${id}-caption-count`}
            className={cn('mt-1 text-right text-xs', captionTooLong ? 'text-red-300' : 'text-zinc-500')}
          >
            {captionCounter(caption)}
          </p>
        </div>

        <div>
          <Label htmlFor={`${id}-location`}>Location (optional)</Label>
          <Input id={`${id}-location`} maxLength={100} placeholder="Where was this made?" value={location} onChange={(e) => setLocation(e.target.value)} />
        </div>

        <div>
          <Label htmlFor={`${id}-tags`}>Tags (optional)</Label>
          <Input
            id={`${id}-tags`}
            placeholder="art, design, photography"
            value={tags}
            onChange={(e) => setTags(e.target.value)}
            aria-describedby={`${id}-tags-hint`}
          />
          <p id={`${id}-tags-hint`} className="mt-1 text-xs text-zinc-500">
            Separate tags with commas
          </p>
        </div>

        <aside aria-labelledby={`${id}-tips`} className="rounded-2xl border border-fuchsia-400/20 bg-fuchsia-500/5 p-4">
          <h2 id={`${id}-tips`} className="text-sm font-semibold text-fuchsia-200">
            Tips for great posts
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-zinc-300">
            <li>Use bright, high-quality images</li>
            <li>Tell the story behind your work in the caption</li>
            <li>Add tags so other creators can find you</li>
          </ul>
        </aside>
      </div>
    </form>
  );
}

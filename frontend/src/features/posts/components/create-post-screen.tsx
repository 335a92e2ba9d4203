//! Create Post: up to ten images (issue 44), each from the gallery (redrawn to ≤ 1600 px JPEG)
//! or from a URL, each with its alt text; a caption with a live counter, optional location and
//! tags, then Share. The image in the picker is the last; 'Add another image' keeps it and
//! frees the picker, and several files picked or dropped at once join the list. An image
//! without alt text is pointed out, without stopping the post.
import { ImagePlus } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { CreateScreenHeader } from '@/components/create-screen-header';
import { ImageSourcePicker, PICKED_IMAGE_MAX_MB, useImageSource } from '@/components/image-source-picker';
import { Button } from '@/components/ui/button';
import { Input, Label, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { checkImageFile } from '@/lib/image-file';
import { imageFileToDataUrl } from '@/lib/process-image';
import { cn } from '@/lib/utils';
import type { Post } from '@/types/social';
import { useCreatePost } from '../api/create-post';
import { CAPTION_MAX, captionCounter, charLength, MEDIA_MAX, validatePostForm } from '../post-form';
import { AltField, PostMediaList, type ComposedImage } from './post-media-list';

function showError(description: string, title = 'Error') {
  toast({ variant: 'destructive', title, description });
}

export function CreatePostScreen({ onClose, onCreated }: { onClose: () => void; onCreated?: (post: Post) => void }) {
  const id = useId();
  const [added, setAdded] = useState<ComposedImage[]>([]);
  const [currentAlt, setCurrentAlt] = useState('');
  const [reading, setReading] = useState(false);
  const nextKey = useRef(0);
  const keyed = (image: string, preview: string, alt = ''): ComposedImage => ({ key: String(nextKey.current++), image, preview, alt });

  // Several files at once (picked or dropped): each checked and redrawn, in order, up to ten in all.
  const addFiles = async (files: File[]) => {
    const room = MEDIA_MAX - added.length - (source.value ? 1 : 0);
    if (files.length > room) showError(`A post can have at most ${MEDIA_MAX} images`);
    const images: ComposedImage[] = [];
    setReading(true);
    try {
      for (const file of files.slice(0, Math.max(0, room))) {
        const problem = checkImageFile(file, PICKED_IMAGE_MAX_MB);
        if (problem) {
          showError(problem.description, problem.title);
          continue;
        }
        try {
          const dataUrl = await imageFileToDataUrl(file);
          images.push(keyed(dataUrl, dataUrl));
        } catch {
          showError('Please try selecting a different image.', 'Error processing image');
        }
      }
    } finally {
      setReading(false);
    }
    setAdded((list) => [...list, ...images]);
  };
  const source = useImageSource({ onFiles: (files) => void addFiles(files) });
  const [caption, setCaption] = useState('');
  const [location, setLocation] = useState('');
  const [tags, setTags] = useState('');
  const create = useCreatePost();
  // The server's 400 for the image being sent ('Could not fetch that image', a bad field): shown
  // in the form under the image until the image or a field changes or Share is pressed again.
  const [refusal, setRefusal] = useState<{ message: string; sent: string } | null>(null);
  // What Share sends: the kept images, then the one in the picker.
  const media = [...added.map(({ image, alt }) => ({ image, alt })), ...(source.value ? [{ image: source.value, alt: currentAlt }] : [])];
  const sentKey = JSON.stringify([media, caption, location, tags]);
  const shownRefusal = refusal && refusal.sent === sentKey ? refusal.message : null;
  const withoutAlt = media.flatMap((item, i) => (item.alt.trim() ? [] : [i + 1]));

  const busy = create.isPending || source.processing || reading;
  const full = media.length >= MEDIA_MAX;

  const keepCurrent = () => {
    if (!source.value) return;
    setAdded((list) => [...list, keyed(source.value, source.preview, currentAlt)]);
    setCurrentAlt('');
    source.clear();
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const files = Array.from(event.dataTransfer.files).filter((file) => file.type.startsWith('image/'));
    if (files.length === 0) return;
    event.preventDefault();
    void addFiles(files);
  };
  const captionTooLong = charLength(caption) > CAPTION_MAX;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const result = validatePostForm({ caption, media, location, tags });
    if (!result.ok) {
      showError(result.message);
      return;
    }
    setRefusal(null);
    const sent = sentKey;
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

      {/* Image files dropped anywhere on the form join the post (the picker's button is the keyboard's way). */}
      <div className="space-y-5 px-4 pt-5" onDragOver={(event) => event.dataTransfer.types.includes('Files') && event.preventDefault()} onDrop={onDrop}>
        <PostMediaList images={added} onChange={setAdded} disabled={busy} />
        {added.length < MEDIA_MAX && <ImageSourcePicker source={source} previewAlt="Preview of your post" disabled={busy} />}
        {source.value && (
          <AltField label={added.length > 0 ? `Alt text for image ${added.length + 1}` : 'Alt text'} value={currentAlt} onChange={setCurrentAlt} showLabel />
        )}
        {source.value && !full && (
          <Button type="button" variant="secondary" onClick={keepCurrent} disabled={busy} className="w-full">
            <ImagePlus aria-hidden="true" className="size-4" />
            Add another image ({media.length}/{MEDIA_MAX})
          </Button>
        )}
        {withoutAlt.length > 0 && (
          <p role="status" className="text-xs text-amber-300">
            {withoutAlt.length === 1 && media.length === 1
              ? 'Your image has no alt text yet: describe it for people who can’t see it.'
              : `${withoutAlt.length === 1 ? 'Image' : 'Images'} ${withoutAlt.join(', ')} ${withoutAlt.length === 1 ? 'has' : 'have'} no alt text yet: describe ${withoutAlt.length === 1 ? 'it' : 'them'} for people who can’t see ${withoutAlt.length === 1 ? 'it' : 'them'}.`}
          </p>
        )}
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

//! Create Post: up to ten images (issue 44), each from the gallery (redrawn to ≤ 1600 px JPEG)
//! or from a URL, each with its alt text; a caption with a live counter, optional location and
//! tags, then Share. The image in the picker is the last; 'Add another image' keeps it and
//! frees the picker, and several files picked or dropped at once join the list. An image
//! without alt text is pointed out, without stopping the post.
//! Beside Share (issue 44): 'Save as draft', and 'Schedule…' (a time in the user's zone: the
//! draft is saved, then scheduled). Opened on a draft (`draft`), the form starts from it, its
//! images kept by their own addresses (the server keeps them), and Share, Save and Schedule
//! all save the draft again first.
import { CalendarClock, FileText, ImagePlus } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { CaptionField } from '@/components/caption-field';
import { CreateScreenHeader } from '@/components/create-screen-header';
import { ImageSourcePicker, PICKED_IMAGE_MAX_MB, useImageSource } from '@/components/image-source-picker';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { checkImageFile } from '@/lib/image-file';
import { imageFileToDataUrl } from '@/lib/process-image';
import type { Post } from '@/types/social';
import { useCreatePost } from '../api/create-post';
import { usePublishDraft, useSaveDraft } from '../api/drafts';
import { CAPTION_MAX, captionCounter, charLength, MEDIA_MAX, validateDraftForm, validatePostForm } from '../post-form';
import { formatScheduledTime } from '../schedule';
import type { Draft, DraftRequest } from '../types';
import { AltField, PostMediaList, type ComposedImage } from './post-media-list';
import { ScheduleDialog } from './schedule-dialog';

function showError(description: string, title = 'Error') {
  toast({ variant: 'destructive', title, description });
}

/** Where the composer is done: a post shared, a draft saved, or a post scheduled. */
export type ComposerOutcome = { kind: 'shared'; post: Post } | { kind: 'saved'; draft: Draft } | { kind: 'scheduled'; draft: Draft };

/** A draft's images as the composer lists them: each sent back as its own `url` to keep it. */
function draftImages(draft: Draft | undefined, keyPrefix: string): ComposedImage[] {
  return (draft?.media ?? []).map((item, i) => ({ key: `${keyPrefix}-${i}`, image: item.url, preview: item.thumbnailUrl ?? item.url, alt: item.alt }));
}

export function CreatePostScreen({
  onClose,
  onCreated,
  onDone,
  draft,
}: {
  /** The close button; also where the composer goes when done, unless `onDone` is given. */
  onClose: () => void;
  onCreated?: (post: Post) => void;
  /** Once a post is shared, a draft saved or a post scheduled. */
  onDone?: (outcome: ComposerOutcome) => void;
  /** The draft being edited (issue 44): the form starts from it. */
  draft?: Draft;
}) {
  const id = useId();
  const nextKey = useRef(0);
  const keyed = (image: string, preview: string, alt = ''): ComposedImage => ({ key: String(nextKey.current++), image, preview, alt });
  const [added, setAdded] = useState<ComposedImage[]>(() => draftImages(draft, 'draft'));
  const [currentAlt, setCurrentAlt] = useState('');
  const [reading, setReading] = useState(false);
  // The draft this form saves to (once saved, a second Save changes it rather than making another),
  // its time when scheduled, and its own images' addresses (sent back as they are to keep them).
  const [draftId, setDraftId] = useState<number | null>(draft?.id ?? null);
  const [scheduledAt, setScheduledAt] = useState<string | null>(draft?.scheduledAt ?? null);
  const [kept, setKept] = useState<string[]>(() => draft?.media.map((item) => item.url) ?? []);
  const done = (outcome: ComposerOutcome) => (onDone ? onDone(outcome) : onClose());

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
  const [caption, setCaption] = useState(draft?.caption ?? '');
  const [location, setLocation] = useState(draft?.location ?? '');
  const [tags, setTags] = useState(draft?.tags.join(', ') ?? '');
  const create = useCreatePost();
  const save = useSaveDraft();
  const publish = usePublishDraft();
  const [scheduling, setScheduling] = useState(false);
  // A draft being shared: saved, then published (the header reads 'Sharing...' throughout).
  const [sharingDraft, setSharingDraft] = useState(false);
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  // The server's 400 for the image being sent ('Could not fetch that image', a bad field): shown
  // in the form under the image until the image or a field changes or Share is pressed again.
  const [refusal, setRefusal] = useState<{ message: string; sent: string } | null>(null);
  // What Share sends: the kept images, then the one in the picker.
  const media = [...added.map(({ image, alt }) => ({ image, alt })), ...(source.value ? [{ image: source.value, alt: currentAlt }] : [])];
  const sentKey = JSON.stringify([media, caption, location, tags]);
  const shownRefusal = refusal && refusal.sent === sentKey ? refusal.message : null;
  const withoutAlt = media.flatMap((item, i) => (item.alt.trim() ? [] : [i + 1]));

  const sending = create.isPending || save.isPending || publish.isPending;
  const busy = sending || source.processing || reading;
  const values = { caption, media, location, tags };
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

  // A 400 says what to fix (the server's message), shown in the form; a 403 (an account
  // read-only until its email is verified, issue 41) or a 429 (the posting limit) says why in the
  // toast; other failures keep the spec's toast.
  const refused = (sent: string, fallback: string) => (error: unknown) => {
    const status = errorStatus(error);
    const message = status === 400 && errorMessage(error);
    if (message) setRefusal({ message, sent });
    else showError(((status === 403 || status === 429) && errorMessage(error)) || fallback);
  };

  /** Once saved, the form holds the draft as the server keeps it: its id, time and own images. */
  const adopt = (saved: Draft) => {
    setDraftId(saved.id);
    setScheduledAt(saved.scheduledAt);
    setKept(saved.media.map((item) => item.url));
    setAdded(draftImages(saved, `saved${nextKey.current++}`));
    setCurrentAlt('');
    source.clear();
  };
  const saveDraft = async (payload: DraftRequest) => {
    const saved = await save.mutateAsync({ id: draftId, body: payload });
    adopt(saved);
    return saved;
  };

  const shared = (post: Post) => {
    toast({ title: 'Post created!', description: 'Your creative post has been shared with the world.' });
    onCreated?.(post);
    done({ kind: 'shared', post });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const result = validatePostForm(values, kept);
    if (!result.ok) {
      showError(result.message);
      return;
    }
    setRefusal(null);
    const sent = sentKey;
    if (draftId === null) {
      create.mutate(result.payload, { onSuccess: shared, onError: refused(sent, 'Failed to create post. Please try again.') });
      return;
    }
    // A draft: saved as it now reads, then published. A refusal of the save is about what was
    // sent (shown in the form); one of the publishing (the posting limit) in the toast.
    setSharingDraft(true);
    void (async () => {
      let saved: Draft;
      try {
        saved = await saveDraft(result.payload);
      } catch (error) {
        setSharingDraft(false);
        refused(sent, 'Failed to create post. Please try again.')(error);
        return;
      }
      try {
        const { published } = await publish.mutateAsync({ id: saved.id });
        if (published) shared(published);
      } catch (error) {
        showError(errorMessage(error) ?? 'Failed to create post. Please try again.');
      } finally {
        setSharingDraft(false);
      }
    })();
  };

  const onSaveDraft = () => {
    if (busy) return;
    const result = validateDraftForm(values, kept);
    if (!result.ok) {
      showError(result.message);
      return;
    }
    if (!result.payload.caption && !result.payload.media?.length && !result.payload.location && !result.payload.tags) {
      showError('Add an image or a caption to save a draft');
      return;
    }
    setRefusal(null);
    const sent = sentKey;
    saveDraft(result.payload).then(
      (saved) => {
        toast(
          saved.scheduledAt
            ? { title: 'Scheduled post saved', description: `It goes out ${formatScheduledTime(saved.scheduledAt)}.` }
            : { title: 'Draft saved', description: 'Find it under Drafts on your profile.' },
        );
        done(saved.scheduledAt ? { kind: 'scheduled', draft: saved } : { kind: 'saved', draft: saved });
      },
      refused(sent, 'Could not save the draft. Please try again.'),
    );
  };

  // Schedule…: the post must be one that could go out (an image), checked before the dialog opens.
  const onOpenSchedule = () => {
    if (busy) return;
    const result = validatePostForm(values, kept);
    if (!result.ok) {
      showError(result.message);
      return;
    }
    setScheduleError(null);
    setScheduling(true);
  };
  const onSchedule = (at: string) => {
    const result = validatePostForm(values, kept);
    if (!result.ok) {
      setScheduleError(result.message);
      return;
    }
    setScheduleError(null);
    void (async () => {
      try {
        const saved = await saveDraft(result.payload);
        const { scheduled } = await publish.mutateAsync({ id: saved.id, at });
        if (!scheduled) return;
        setScheduling(false);
        toast({ title: 'Post scheduled', description: `It goes out ${formatScheduledTime(scheduled.scheduledAt ?? at)}.` });
        done({ kind: 'scheduled', draft: scheduled });
      } catch (error) {
        setScheduleError(errorMessage(error) ?? 'Could not schedule the post. Please try again.');
      }
    })();
  };

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="pb-8">
        <CreateScreenHeader
          title={draft ? 'Edit Draft' : 'Create Post'}
          onClose={onClose}
          busy={busy}
          pending={create.isPending || sharingDraft}
          progress={create.progress ?? save.progress}
        />
        {scheduledAt && (
          <p role="status" className="flex items-center justify-center gap-2 border-b border-white/10 px-4 py-2 text-sm text-fuchsia-200">
            <CalendarClock aria-hidden="true" className="size-4" />
            Scheduled for {formatScheduledTime(scheduledAt)}
          </p>
        )}

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

          <CaptionField
            id={`${id}-caption`}
            rows={4}
            placeholder="Tell the story behind your work..."
            value={caption}
            onChange={setCaption}
            counter={captionCounter(caption)}
            tooLong={captionTooLong}
          />

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

          {/* Not ready to share yet: kept as a draft, or sent out later. */}
          <div className="flex gap-3">
            <Button type="button" variant="secondary" onClick={onSaveDraft} disabled={busy} className="flex-1 px-2">
              <FileText aria-hidden="true" className="size-4" />
              {save.isPending && !scheduling && !sharingDraft ? 'Saving...' : draftId === null ? 'Save as draft' : 'Save draft'}
            </Button>
            <Button type="button" variant="secondary" onClick={onOpenSchedule} disabled={busy} aria-haspopup="dialog" className="flex-1 px-2">
              <CalendarClock aria-hidden="true" className="size-4" />
              {scheduledAt ? 'Reschedule…' : 'Schedule…'}
            </Button>
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
      <ScheduleDialog
        open={scheduling}
        onOpenChange={setScheduling}
        reschedule={scheduledAt !== null}
        current={scheduledAt}
        busy={save.isPending || publish.isPending}
        error={scheduleError}
        onSchedule={onSchedule}
      />
    </>
  );
}

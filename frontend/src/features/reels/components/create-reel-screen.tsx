//! New Reel (issue 9; the create chooser's 'Video Post'): pick a WebM or MP4 video, watch the
//! preview, write a caption (≤ 2200), then Share: the video, the caption and a poster frame the
//! browser captured from the preview go up as one multipart request, with its progress shown.
//! 'Save as draft' (issue 44) sends the same upload to keep as a draft instead; your drafts are
//! listed under the form (reel-drafts.tsx), each to publish, recaption or delete.
import { Film } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { CaptionField } from '@/components/caption-field';
import { CreateScreenHeader } from '@/components/create-screen-header';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { useCreateReel, type NewReel } from '../api/create-reel';
import { useCreateReelDraft } from '../api/create-reel-draft';
import { captureFrame } from '../poster';
import { captionLength, checkDuration, checkVideoFile, REEL_ACCEPT, REEL_CAPTION_MAX } from '../reel-form';
import type { Reel } from '../types';
import { ReelDrafts } from './reel-drafts';

function uploadFailed(error: unknown) {
  const status = errorStatus(error);
  const message = errorMessage(error);
  toast({
    variant: 'destructive',
    title: 'Upload failed',
    description:
      message && status !== null && status >= 400 && status < 500
        ? message
        : 'There was an error uploading your reel. Please try again.',
  });
}

export function CreateReelScreen({ onClose, onCreated }: { onClose: () => void; onCreated: (reel: Reel) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = useRef<HTMLVideoElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [caption, setCaption] = useState('');
  const [tooLong, setTooLong] = useState(false);
  // The poster is being drawn: Share or Save as draft is already pressed.
  const [capturing, setCapturing] = useState<'share' | 'draft' | null>(null);
  const create = useCreateReel();
  const saveDraft = useCreateReelDraft();

  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);

  const captionCount = captionLength(caption);
  const captionTooLong = captionCount > REEL_CAPTION_MAX;
  const busy = create.isPending || saveDraft.isPending || capturing !== null;
  const sharing = create.isPending || capturing === 'share';
  const saving = saveDraft.isPending || capturing === 'draft';

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return;
    const check = checkVideoFile(picked);
    if (!check.ok) {
      toast({ variant: 'destructive', title: check.title, description: check.description });
      return;
    }
    setTooLong(false);
    setFile(picked);
    setUrl(URL.createObjectURL(picked));
  };

  const onLoadedMetadata = () => {
    const video = preview.current;
    if (!video) return;
    const check = checkDuration(video.duration);
    if (!check.ok) {
      setTooLong(true);
      toast({ variant: 'destructive', title: check.title, description: check.description });
      return;
    }
    // The poster is the frame shown: half a second in (the very first frame is often black).
    if (Number.isFinite(video.duration) && video.duration > 0) video.currentTime = Math.min(0.5, video.duration / 2);
  };

  /** The upload, once the form is fit to send (else null, with the reason shown). */
  const prepare = async (kind: 'share' | 'draft'): Promise<NewReel | null> => {
    if (busy) return null;
    if (!file) {
      toast({ variant: 'destructive', title: 'Error', description: 'Please select a video' });
      return null;
    }
    if (tooLong || captionTooLong) return null;
    setCapturing(kind);
    const poster = preview.current ? await captureFrame(preview.current).catch(() => null) : null;
    setCapturing(null);
    return { video: file, caption: caption.trim(), poster };
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reel = await prepare('share');
    if (!reel) return;
    create.mutate(reel, {
      onSuccess: (posted) => {
        toast({ title: 'Reel posted!', description: 'Your reel is now in the reels feed.' });
        onCreated(posted);
      },
      onError: uploadFailed,
    });
  };

  const onSaveDraft = async () => {
    const reel = await prepare('draft');
    if (!reel) return;
    saveDraft.mutate(reel, {
      onSuccess: () => {
        toast({ title: 'Draft saved', description: 'Only you see it, under Drafts, until you publish it.' });
        setFile(null);
        setUrl(null);
        setCaption('');
      },
      onError: uploadFailed,
    });
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="pb-8">
      <CreateScreenHeader
        title="New Reel"
        onClose={onClose}
        busy={busy || !file || tooLong || captionTooLong}
        pending={sharing}
        progress={create.progress ?? saveDraft.progress}
        beside={
          <Button variant="secondary" disabled={busy || !file || tooLong || captionTooLong} onClick={() => void onSaveDraft()}>
            {saving ? 'Saving...' : 'Save as draft'}
          </Button>
        }
      />
      <div className="space-y-5 px-4 pt-5">
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={REEL_ACCEPT}
          aria-label="Video file"
          onChange={onPick}
          className="sr-only"
          disabled={busy}
        />
        {url ? (
          <div className="space-y-2">
            <video
              ref={preview}
              src={url}
              aria-label="Preview of your reel"
              controls
              muted
              playsInline
              preload="auto"
              onLoadedMetadata={onLoadedMetadata}
              className="mx-auto aspect-[9/16] max-h-[60dvh] w-auto rounded-2xl bg-black object-contain"
            />
            <Button variant="secondary" className="w-full" disabled={busy} onClick={() => input.current?.click()}>
              Choose another video
            </Button>
          </div>
        ) : (
          <button
            type="button"
            onClick={() => input.current?.click()}
            className="flex aspect-[9/16] max-h-[60dvh] w-full flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-white/15 bg-white/5 text-zinc-300 hover:bg-white/10"
          >
            <Film aria-hidden="true" className="size-10 text-fuchsia-300" />
            <span className="text-sm font-semibold">Select a video</span>
            <span className="text-xs text-zinc-500">WebM or MP4, up to 60 seconds and 100 MB</span>
          </button>
        )}

        <CaptionField
          id={`${id}-caption`}
          rows={3}
          placeholder="Tell the story behind your reel..."
          value={caption}
          onChange={setCaption}
          counter={`${captionCount}/${REEL_CAPTION_MAX}`}
          tooLong={captionTooLong}
        />

        <ReelDrafts onPublished={onCreated} />
      </div>
    </form>
  );
}

//! The image source of Create Post and Create Story: a From Gallery /
//! From URL toggle, the file picker with its type and size checks and the 1600 px JPEG redraw,
//! the URL input, and a preview with a remove button that clears itself when it fails to load.
import { ImagePlus, Link2, Loader2, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type RefObject } from 'react';
import { IconButton } from '@/components/ui/icon-button';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { imageAddressProblem, isHttpUrl } from '@/lib/image-address';
import { checkImageFile } from '@/lib/image-file';
import { imageFileToDataUrl } from '@/lib/process-image';
import { cn } from '@/lib/utils';

export type ImageSourceMode = 'gallery' | 'url';

/** The post and story image picker's limit. */
export const PICKED_IMAGE_MAX_MB = 500;


export interface ImageSource {
  mode: ImageSourceMode;
  setMode: (mode: ImageSourceMode) => void;
  /** What to send: the redrawn data URL (gallery) or the typed URL, trimmed. */
  value: string;
  /** What to show: the data URL, or the typed URL once it is a complete https URL and settled. */
  preview: string;
  /** True while a picked file is being read and redrawn. */
  processing: boolean;
  urlInput: string;
  setUrlInput: (value: string) => void;
  urlFailed: boolean;
  /** What is wrong with the typed address once typing settles ('example.com/a.jpg'), else null. */
  urlProblem: string | null;
  clear: () => void;
  onPreviewError: () => void;
  onFile: (event: ChangeEvent<HTMLInputElement>) => Promise<void>;
  fileInput: RefObject<HTMLInputElement | null>;
  /** Whether the file picker takes several files at once (`onFiles` given). */
  multiple: boolean;
}

/**
 * The state behind <ImageSourcePicker>; the form reads `value` and `processing` from it. With
 * `onFiles`, the picker takes several files: more than one picked at once go to `onFiles` (a
 * post of several images, issue 44) instead of the preview.
 */
export function useImageSource({ onFiles }: { onFiles?: (files: File[]) => void } = {}): ImageSource {
  const [mode, setMode] = useState<ImageSourceMode>('gallery');
  const [fileImage, setFileImage] = useState('');
  const [urlInput, setUrlInput] = useState('');
  const [urlFailed, setUrlFailed] = useState(false);
  const [processing, setProcessing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const debouncedUrl = useDebouncedValue(urlInput.trim(), 500);
  const value = mode === 'gallery' ? fileImage : urlInput.trim();
  const settledUrl = debouncedUrl === urlInput.trim() ? debouncedUrl : '';
  // Only an https address is previewed: the page's CSP loads no plain-http image (the server
  // fetches the address itself when the post or story is shared).
  const preview = mode === 'gallery' ? fileImage : isHttpUrl(settledUrl) && /^https:/i.test(settledUrl) ? settledUrl : '';
  const urlProblem = mode === 'url' && settledUrl ? imageAddressProblem(settledUrl) : null;

  // A new address gets a new chance to load.
  const changeUrlInput = (next: string) => {
    setUrlInput(next);
    if (next) setUrlFailed(false);
  };

  const clear = () => {
    if (mode === 'gallery') {
      setFileImage('');
      if (fileInput.current) fileInput.current.value = '';
    } else {
      setUrlInput('');
    }
  };

  const onPreviewError = () => {
    // A preview that fails to load clears itself.
    if (mode === 'url') setUrlFailed(true);
    clear();
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // picking the same file again still fires a change
    if (onFiles && files.length > 1) {
      onFiles(files);
      return;
    }
    const file = files[0];
    if (!file) return;
    const problem = checkImageFile(file, PICKED_IMAGE_MAX_MB);
    if (problem) {
      toast({ variant: 'destructive', title: problem.title, description: problem.description });
      return;
    }
    setProcessing(true);
    try {
      setFileImage(await imageFileToDataUrl(file));
    } catch {
      toast({ variant: 'destructive', title: 'Error processing image', description: 'Please try selecting a different image.' });
    } finally {
      setProcessing(false);
    }
  };

  return {
    mode,
    setMode,
    value,
    preview,
    processing,
    urlInput,
    setUrlInput: changeUrlInput,
    urlFailed,
    urlProblem,
    clear,
    onPreviewError,
    onFile,
    fileInput,
    multiple: Boolean(onFiles),
  };
}

/** The toggle, the picker or URL input, and the preview; `previewAlt` names the preview image. */
export function ImageSourcePicker({
  source,
  previewAlt,
  disabled = false,
  previewClassName = 'max-h-[60dvh]',
}: {
  source: ImageSource;
  previewAlt: string;
  disabled?: boolean;
  previewClassName?: string;
}) {
  const id = useId();
  const { mode, setMode, preview, processing, urlInput, setUrlInput, urlFailed, urlProblem } = source;
  const { clear, onPreviewError, onFile, fileInput, multiple } = source;

  // Two options: any arrow key moves to the other one (WAI-ARIA radio group).
  const onArrowKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) return;
    event.preventDefault();
    const next = mode === 'gallery' ? 'url' : 'gallery';
    setMode(next);
    event.currentTarget.parentElement?.querySelector<HTMLButtonElement>(`[data-mode="${next}"]`)?.focus();
  };

  const modeButton = (value: ImageSourceMode, label: string, Icon: typeof ImagePlus) => (
    <button
      type="button"
      role="radio"
      aria-checked={mode === value}
      tabIndex={mode === value ? 0 : -1}
      data-mode={value}
      onClick={() => setMode(value)}
      onKeyDown={onArrowKey}
      className={cn(
        'flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg text-sm font-medium transition',
        mode === value ? 'bg-white/10 text-white' : 'text-zinc-400 hover:text-zinc-100',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </button>
  );

  return (
    <>
      <div
        role="radiogroup"
        aria-label="Image source"
        className="flex gap-1 rounded-xl border border-white/10 bg-zinc-900/80 p-1"
      >
        {modeButton('gallery', 'From Gallery', ImagePlus)}
        {modeButton('url', 'From URL', Link2)}
      </div>

      {preview ? (
        <div className="relative overflow-hidden rounded-2xl border border-white/10 bg-zinc-900">
          <img
            src={preview}
            alt={previewAlt}
            onError={onPreviewError}
            className={cn('w-full object-contain', previewClassName)}
          />
          <IconButton
            label="Remove image"
            icon={Trash2}
            iconClassName="size-5"
            onClick={clear}
            className="absolute top-2 right-2 bg-black/60 text-white hover:bg-black/80"
          />
        </div>
      ) : mode === 'gallery' ? (
        <label
          htmlFor={`${id}-file`}
          className="flex min-h-48 cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-white/15 bg-zinc-900/50 p-6 text-center transition hover:border-fuchsia-400/60"
        >
          {processing ? (
            <Loader2 aria-hidden="true" className="size-8 animate-spin text-fuchsia-300" />
          ) : (
            <ImagePlus aria-hidden="true" className="size-8 text-fuchsia-300" />
          )}
          <span className="text-sm font-medium text-white">{processing ? 'Processing image...' : 'Choose an image'}</span>
          <span className="text-xs text-zinc-400">JPG, PNG, GIF up to 500MB</span>
        </label>
      ) : null}
      <input
        ref={fileInput}
        id={`${id}-file`}
        type="file"
        accept="image/*"
        multiple={multiple}
        aria-label={multiple ? 'Image files' : 'Image file'}
        className="sr-only"
        tabIndex={mode === 'gallery' && !preview ? 0 : -1}
        disabled={mode !== 'gallery' || disabled}
        onChange={(e) => void onFile(e)}
      />

      {mode === 'url' && (
        <div>
          <Label htmlFor={`${id}-url`}>Image URL</Label>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder="https://example.com/image.jpg"
            value={urlInput}
            onChange={(e) => setUrlInput(e.target.value)}
            aria-invalid={urlProblem ? true : undefined}
            aria-describedby={urlFailed || urlProblem ? `${id}-url-message` : undefined}
          />
          {(urlFailed || urlProblem) && (
            <p id={`${id}-url-message`} className="mt-1.5 text-xs text-red-300">
              {urlProblem ?? 'That image could not be loaded.'}
            </p>
          )}
        </div>
      )}
    </>
  );
}

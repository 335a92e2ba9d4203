//! The images a post being written holds so far (issue 44), in the order they will show: each
//! with its alt text field, moved earlier or later by its arrow buttons or by dragging, and
//! removed by its bin. The composer adds to it; the image still in the picker comes after them.
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { IconButton } from '@/components/ui/icon-button';
import { Label, Textarea } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { ALT_MAX, charLength } from '../post-form';

export interface ComposedImage {
  /** Stable across reorders (React's key). */
  key: string;
  /** What is sent: a data URL or an address. */
  image: string;
  /** What the thumbnail shows ('' when an http address cannot be previewed). */
  preview: string;
  alt: string;
}

export const ALT_PLACEHOLDER = "Describe this image for people who can't see it";

/** An alt text field with its counter; `label` names it for the image it describes (shown with `showLabel`). */
export function AltField({
  label,
  value,
  onChange,
  showLabel = false,
}: {
  label: string;
  value: string;
  onChange: (alt: string) => void;
  showLabel?: boolean;
}) {
  const id = useId();
  const length = charLength(value);
  return (
    <div className="min-w-0 flex-1">
      <Label htmlFor={id} className={cn(!showLabel && 'sr-only')}>
        {label}
      </Label>
      <Textarea
        id={id}
        rows={2}
        placeholder={ALT_PLACEHOLDER}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={length > ALT_MAX || undefined}
        aria-describedby={`${id}-count`}
        className="min-h-16 text-sm"
      />
      <p id={`${id}-count`} className={cn('mt-0.5 text-right text-xs', length > ALT_MAX ? 'text-red-300' : 'text-zinc-500')}>
        {length}/{ALT_MAX}
      </p>
    </div>
  );
}

/** `list` with the item at `from` moved to `to`. */
export function moved<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export function PostMediaList({
  images,
  onChange,
  disabled = false,
}: {
  images: ComposedImage[];
  onChange: (images: ComposedImage[]) => void;
  disabled?: boolean;
}) {
  const [dragging, setDragging] = useState<number | null>(null);
  if (images.length === 0) return null;

  const set = (index: number, alt: string) => onChange(images.map((image, i) => (i === index ? { ...image, alt } : image)));
  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (dragging === null) return;
    event.preventDefault();
    onChange(moved(images, dragging, index));
    setDragging(null);
  };

  return (
    <ol aria-label="Images in your post" className="space-y-2">
      {images.map((image, index) => {
        const n = index + 1;
        return (
          <li
            key={image.key}
            draggable={!disabled}
            onDragStart={() => setDragging(index)}
            onDragEnd={() => setDragging(null)}
            onDragOver={(event) => dragging !== null && event.preventDefault()}
            onDrop={(event) => onDrop(event, index)}
            className={cn(
              'flex items-start gap-2 rounded-2xl border border-white/10 bg-zinc-900/60 p-2',
              dragging === index && 'opacity-50',
            )}
          >
            <GripVertical aria-hidden="true" className="mt-6 size-4 shrink-0 cursor-grab text-zinc-500" />
            {image.preview ? (
              <img src={image.preview} alt={`Preview ${n} of your post`} className="size-16 shrink-0 rounded-lg object-cover" />
            ) : (
              <span role="img" aria-label={`Preview ${n} of your post`} className="grid size-16 shrink-0 place-items-center rounded-lg bg-zinc-800 text-xs text-zinc-400">
                {n}
              </span>
            )}
            <AltField label={`Alt text for image ${n}`} value={image.alt} onChange={(alt) => set(index, alt)} />
            <div className="flex shrink-0 flex-col">
              <IconButton
                label={`Move image ${n} earlier`}
                icon={ArrowUp}
                disabled={disabled || index === 0}
                onClick={() => onChange(moved(images, index, index - 1))}
                className="size-9 text-zinc-300 hover:bg-white/5 disabled:opacity-30"
              />
              <IconButton
                label={`Move image ${n} later`}
                icon={ArrowDown}
                disabled={disabled || index === images.length - 1}
                onClick={() => onChange(moved(images, index, index + 1))}
                className="size-9 text-zinc-300 hover:bg-white/5 disabled:opacity-30"
              />
              <IconButton
                label={`Remove image ${n}`}
                icon={Trash2}
                disabled={disabled}
                onClick={() => onChange(images.filter((_, i) => i !== index))}
                className="size-9 text-red-300 hover:bg-white/5"
              />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

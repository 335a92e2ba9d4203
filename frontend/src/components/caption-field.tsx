//! A caption box with its counter under it (issue 44): the post and reel composers, 'Edit post'
//! and a reel's caption dialog. The counter turns red, and the box is marked invalid, once the
//! text is over its limit; the caller counts (posts and reels count characters their own way).
import { Label, Textarea } from '@/components/ui/input';
import { cn } from '@/lib/utils';

export function CaptionField({
  id,
  value,
  onChange,
  counter,
  tooLong,
  rows,
  placeholder,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** What the counter reads, e.g. '12/2200'. */
  counter: string;
  tooLong: boolean;
  rows: number;
  placeholder?: string;
}) {
  return (
    <div>
      <Label htmlFor={id}>Caption</Label>
      <Textarea
        id={id}
        rows={rows}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-count`}
        aria-invalid={tooLong || undefined}
      />
      <p id={`${id}-count`} className={cn('mt-1 text-right text-xs', tooLong ? 'text-red-300' : 'text-zinc-500')}>
        {counter}
      </p>
    </div>
  );
}

//! Editing your post (issue 44): its caption (with the counter), location, tags and each
//! image's alt text, not the images. Save sends the edit; everyone then sees the new text marked
//! 'Edited', with the earlier versions a tap away. A refusal shows in the dialog, which keeps
//! what was typed.
import { useId, useState, type FormEvent } from 'react';
import { CaptionField } from '@/components/caption-field';
import { DialogFormActions } from '@/components/dialog-form-actions';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import type { Post } from '@/types/social';
import { useEditPost } from '../api/edit-post';
import { CAPTION_MAX, captionCounter, charLength, validatePostEdit } from '../post-form';
import { AltField } from './post-media-list';

export function EditPostDialog({ post, open, onOpenChange }: { post: Post; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>Edit post</DialogTitle>
        <DialogDescription>Everyone sees the new text marked Edited, with the earlier versions a tap away.</DialogDescription>
        {/* Mounted while open: each opening starts from the post as it is. */}
        {open && <EditForm post={post} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const id = useId();
  const edit = useEditPost(post.id);
  const [caption, setCaption] = useState(post.caption);
  const [location, setLocation] = useState(post.location ?? '');
  const [tags, setTags] = useState(post.tags.join(', '));
  const [alts, setAlts] = useState(post.media.map((item) => item.alt));
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? (edit.isError ? (errorMessage(edit.error) ?? 'Could not save the post. Please try again.') : null);
  const captionTooLong = charLength(caption) > CAPTION_MAX;
  const several = post.media.length > 1;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (edit.isPending) return;
    const result = validatePostEdit({ caption, location, tags, alts });
    if (!result.ok) {
      setProblem(result.message);
      return;
    }
    setProblem(null);
    edit.mutate(result.payload, { onSuccess: onDone });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <CaptionField id={`${id}-caption`} rows={4} value={caption} onChange={setCaption} counter={captionCounter(caption)} tooLong={captionTooLong} />
      <div>
        <Label htmlFor={`${id}-location`}>Location (optional)</Label>
        <Input id={`${id}-location`} maxLength={100} value={location} onChange={(event) => setLocation(event.target.value)} />
      </div>
      <div>
        <Label htmlFor={`${id}-tags`}>Tags (optional)</Label>
        <Input id={`${id}-tags`} value={tags} onChange={(event) => setTags(event.target.value)} aria-describedby={`${id}-tags-hint`} />
        <p id={`${id}-tags-hint`} className="mt-1 text-xs text-zinc-500">
          Separate tags with commas
        </p>
      </div>
      <ol aria-label="Alt texts" className="space-y-2">
        {post.media.map((item, i) => (
          <li key={`${item.url}-${i}`} className="flex items-start gap-2">
            <img src={item.thumbnailUrl ?? item.url} alt="" className="size-14 shrink-0 rounded-lg object-cover" />
            <AltField
              label={several ? `Alt text for image ${i + 1}` : 'Alt text'}
              value={alts[i] ?? ''}
              onChange={(alt) => setAlts((list) => list.map((old, j) => (j === i ? alt : old)))}
            />
          </li>
        ))}
      </ol>
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <DialogFormActions pending={edit.isPending} />
    </form>
  );
}

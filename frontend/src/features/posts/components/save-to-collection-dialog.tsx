//! 'Save to collection' (issue 44): opened by a long press (or right click) on a post's Save
//! button, or from its '⋯' menu. Each of your collections is a switch-like checkbox: ticking one
//! puts the post in it (and saves it), unticking takes it out (it stays saved). 'New collection'
//! names one and puts the post in it at once.
import { FolderPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import {
  useCollectionMembership,
  useCollections,
  useCreateCollection,
  usePostCollections,
  type Collection,
} from '../api/collections';
import { CheckBadge } from './check-badge';
import { CollectionNameField } from './collection-name-field';

export function SaveToCollectionDialog({
  postId,
  open,
  onOpenChange,
}: {
  postId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Save to collection</DialogTitle>
        <DialogDescription>Saved posts are all under All saved; a collection keeps some of them together.</DialogDescription>
        {open && <Choices postId={postId} />}
        <DialogClose asChild>
          <Button variant="secondary" className="mt-4 w-full">
            Done
          </Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}

function Choices({ postId }: { postId: number }) {
  const collections = useCollections();
  const holding = usePostCollections(postId);
  const membership = useCollectionMembership(postId);
  if (collections.isPending || holding.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading your collections" />
      </div>
    );
  }
  if (collections.isError || holding.isError) {
    return (
      <p role="alert" className="mt-4 text-sm text-red-300">
        Could not load your collections. Please try again.
      </p>
    );
  }
  const inside = new Set(holding.data);
  return (
    <div className="mt-4 space-y-3">
      {collections.data.length > 0 ? (
        <ul aria-label="Your collections" className="max-h-72 space-y-1 overflow-y-auto">
          {collections.data.map((collection) => (
            <li key={collection.id}>
              <CollectionChoice
                collection={collection}
                checked={inside.has(collection.id)}
                onChange={(next) => membership.mutate({ collectionId: collection.id, inside: next })}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-400">No collections yet. Name one below to start.</p>
      )}
      {membership.isError && (
        <p role="alert" className="text-sm text-red-300">
          {errorMessage(membership.error) ?? 'Could not change the collection. Please try again.'}
        </p>
      )}
      <NewCollectionForm postId={postId} />
    </div>
  );
}

function CollectionChoice({
  collection,
  checked,
  onChange,
}: {
  collection: Collection;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const cover = collection.cover;
  return (
    <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl px-2 py-1.5 hover:bg-white/5">
      <input type="checkbox" className="peer sr-only" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {cover ? (
        <img src={cover.thumbnailUrl ?? cover.url} alt="" className="size-10 shrink-0 rounded-lg object-cover" />
      ) : (
        <span aria-hidden="true" className="size-10 shrink-0 rounded-lg bg-white/10" />
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold text-white">{collection.name}</span>
        <span className="block text-xs text-zinc-400">{collection.postsCount === 1 ? '1 post' : `${collection.postsCount} posts`}</span>
      </span>
      <CheckBadge checked={checked} className="border" unchecked="border-white/30" />
    </label>
  );
}

/** Names a new collection; `postId` goes in it at once. */
export function NewCollectionForm({ postId, onCreated }: { postId?: number; onCreated?: (collection: Collection) => void }) {
  const id = useId();
  const create = useCreateCollection();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? (create.isError ? (errorMessage(create.error) ?? 'Could not make the collection. Please try again.') : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setProblem('Give the collection a name');
      return;
    }
    setProblem(null);
    create.mutate(
      { name: trimmed, postId },
      {
        onSuccess: (collection) => {
          setName('');
          onCreated?.(collection);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex items-end gap-2">
      <CollectionNameField
        id={id}
        label="New collection"
        placeholder="Collection name"
        value={name}
        onChange={setName}
        error={error}
        className="min-w-0 flex-1"
      />
      <Button type="submit" disabled={create.isPending} className={cn(error && 'mb-7')}>
        <FolderPlus aria-hidden="true" className="size-4" />
        {create.isPending ? 'Creating...' : 'Create'}
      </Button>
    </form>
  );
}

//! The SAVED tab with collections (issue 44): 'All saved' (every saved post, as before), 'New
//! collection' and your named collections side by side above the grid; 'New collection' names one and picks saved
//! posts for it. A collection shows its posts with Rename and Delete (its posts stay saved).
import { Bookmark, FolderPlus, Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFormActions } from '@/components/dialog-form-actions';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { flattenPosts } from '../api/cache';
import {
  useCollection,
  useCollectionPosts,
  useCollections,
  useCreateCollection,
  useDeleteCollection,
  useRenameCollection,
  type Collection,
} from '../api/collections';
import { useBookmarks } from '../api/get-bookmarks';
import { coverOf } from '../post-media';
import { CheckBadge } from './check-badge';
import { CollectionNameField } from './collection-name-field';
import { PagedGrid } from './paged-grid';

type Selected = 'all' | number;

const chip =
  'flex min-h-11 shrink-0 items-center gap-2 rounded-full border px-3 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-purple-400';

export function SavedSection() {
  const collections = useCollections();
  const [selected, setSelected] = useState<Selected>('all');
  const [creating, setCreating] = useState(false);
  const list = collections.data ?? [];
  // A collection deleted (here or elsewhere) falls back to All saved.
  const current = selected === 'all' || list.some((c) => c.id === selected) || collections.isPending ? selected : 'all';

  return (
    <div>
      <div role="group" aria-label="Collections" className="flex gap-2 overflow-x-auto px-3 py-3 [scrollbar-width:none]">
        <button
          type="button"
          aria-pressed={current === 'all'}
          onClick={() => setSelected('all')}
          className={cn(chip, current === 'all' ? 'border-white bg-white text-zinc-900' : 'border-white/15 text-zinc-200 hover:bg-white/5')}
        >
          <Bookmark aria-hidden="true" className="size-4" />
          All saved
        </button>
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => setCreating(true)}
          className={cn(chip, 'border-dashed border-white/25 text-zinc-300 hover:bg-white/5')}
        >
          <FolderPlus aria-hidden="true" className="size-4" />
          New collection
        </button>
        {list.map((collection) => (
          <button
            key={collection.id}
            type="button"
            aria-pressed={current === collection.id}
            onClick={() => setSelected(collection.id)}
            className={cn(
              chip,
              'pl-1.5',
              current === collection.id ? 'border-white bg-white text-zinc-900' : 'border-white/15 text-zinc-200 hover:bg-white/5',
            )}
          >
            <Cover collection={collection} />
            {collection.name}
            <span className="sr-only">, {collection.postsCount === 1 ? '1 post' : `${collection.postsCount} posts`}</span>
          </button>
        ))}
      </div>
      {collections.isError && (
        <p role="alert" className="px-3 pb-2 text-sm text-red-300">
          Could not load your collections. Please try again.
        </p>
      )}
      {current === 'all' ? <AllSaved /> : <CollectionPanel key={current} id={current} onGone={() => setSelected('all')} />}
      <NewCollectionDialog open={creating} onOpenChange={setCreating} onCreated={(collection) => setSelected(collection.id)} />
    </div>
  );
}

function Cover({ collection }: { collection: Collection }) {
  const cover = collection.cover;
  return cover ? (
    <img src={cover.thumbnailUrl ?? cover.url} alt="" className="size-8 rounded-full object-cover" />
  ) : (
    <span aria-hidden="true" className="size-8 rounded-full bg-white/10" />
  );
}

function AllSaved() {
  return (
    <PagedGrid
      query={useBookmarks()}
      label="All saved"
      empty={<EmptyState icon={<Bookmark aria-hidden="true" className="size-6" />} title="No Saved Posts" description="Posts you save appear here." />}
    />
  );
}

function CollectionPanel({ id, onGone }: { id: number; onGone: () => void }) {
  const collection = useCollection(id);
  const posts = useCollectionPosts(id);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteCollection(id);
  const name = collection.data?.name ?? '';

  return (
    <section aria-label={name || 'Collection'}>
      <div className="flex flex-wrap items-center gap-2 px-3 pb-3">
        <div className="min-w-0 basis-full sm:basis-auto sm:flex-1">
          <h2 className="truncate text-base font-semibold text-white">{name}</h2>
          {collection.data && (
            <p className="text-xs text-zinc-400">{collection.data.postsCount === 1 ? '1 post' : `${collection.data.postsCount} posts`}</p>
          )}
        </div>
        <Button variant="secondary" className="px-3" aria-haspopup="dialog" onClick={() => setRenaming(true)} disabled={!collection.data}>
          <Pencil aria-hidden="true" className="size-4" />
          Rename
        </Button>
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          trigger={
            <Button variant="secondary" className="px-3" disabled={!collection.data}>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </Button>
          }
          title="Delete collection?"
          description={`${name} goes; its posts stay saved under All saved.`}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          error={remove.isError ? (errorMessage(remove.error) ?? 'Could not delete the collection. Please try again.') : undefined}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                setDeleting(false);
                onGone();
              },
            })
          }
        />
      </div>
      <PagedGrid
        query={posts}
        label={`Posts in ${name}`}
        empty={
          <EmptyState
            icon={<Bookmark aria-hidden="true" className="size-6" />}
            title="Nothing here yet"
            description="Add posts from their Save button: press and hold it, or choose Save to collection in the post's ⋯ menu."
          />
        }
      />
      {collection.data && <RenameDialog collection={collection.data} open={renaming} onOpenChange={setRenaming} />}
    </section>
  );
}

function RenameDialog({ collection, open, onOpenChange }: { collection: Collection; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Rename collection</DialogTitle>
        <DialogDescription>Only you see your collections.</DialogDescription>
        {open && <RenameForm collection={collection} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({ collection, onDone }: { collection: Collection; onDone: () => void }) {
  const id = useId();
  const rename = useRenameCollection(collection.id);
  const [name, setName] = useState(collection.name);
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? (rename.isError ? (errorMessage(rename.error) ?? 'Could not rename the collection. Please try again.') : null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (rename.isPending) return;
    if (!name.trim()) {
      setProblem('Give the collection a name');
      return;
    }
    setProblem(null);
    rename.mutate(name.trim(), { onSuccess: onDone });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <CollectionNameField id={id} label="Name" value={name} onChange={setName} error={error} />
      <DialogFormActions pending={rename.isPending} />
    </form>
  );
}

function NewCollectionDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (collection: Collection) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>New collection</DialogTitle>
        <DialogDescription>Name it and pick saved posts for it. Only you see your collections.</DialogDescription>
        {open && (
          <NewCollectionForm
            onDone={(collection) => {
              onOpenChange(false);
              onCreated(collection);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function NewCollectionForm({ onDone }: { onDone: (collection: Collection) => void }) {
  const id = useId();
  const create = useCreateCollection();
  const saved = useBookmarks();
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? (create.isError ? (errorMessage(create.error) ?? 'Could not make the collection. Please try again.') : null);
  const posts = flattenPosts(saved.data);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!name.trim()) {
      setProblem('Give the collection a name');
      return;
    }
    setProblem(null);
    // Picked first stays first: the most recently added shows first, so add in reverse.
    create.mutate({ name: name.trim(), more: [...picked].reverse() }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <CollectionNameField id={id} label="Name" value={name} onChange={setName} error={error} />
      {posts.length > 0 && (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-zinc-200">Add saved posts (optional)</legend>
          <ul className="grid max-h-64 grid-cols-3 gap-1 overflow-y-auto">
            {posts.map((post) => {
              const cover = coverOf(post);
              const checked = picked.includes(post.id);
              return (
                <li key={post.id}>
                  <label className="relative block cursor-pointer">
                    <input
                      type="checkbox"
                      className="peer sr-only"
                      checked={checked}
                      onChange={(event) =>
                        setPicked((list) => (event.target.checked ? [...list, post.id] : list.filter((p) => p !== post.id)))
                      }
                    />
                    <img
                      src={cover.src}
                      alt={cover.alt}
                      className={cn('aspect-square w-full rounded-md object-cover transition', checked && 'opacity-60')}
                    />
                    <CheckBadge checked={checked} className="absolute top-1 right-1 border-2" unchecked="border-white bg-black/40" />
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      <DialogFormActions pending={create.isPending} label="Create" pendingLabel="Creating..." />
    </form>
  );
}

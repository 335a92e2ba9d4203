//! 'Your listings' (issue 23): the session user's listed works, newest first (GET
//! /api/products?seller={me}), each with Edit (price, stock for a physical work, description →
//! PATCH) and Unlist (asked first, in the one ConfirmDialog of issue 43 → DELETE; it leaves the
//! list at once).
import { Download, Package } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { PagedList } from '@/components/paged-list';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Input, Label, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { formatCents } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useSellerWorks } from '../api/get-seller-works';
import { useUnlistWork } from '../api/unlist-work';
import { useUpdateWork } from '../api/update-work';
import { refusal } from '../form-errors';
import type { Product } from '../types';
import { centsToField, checkChange, DESCRIPTION_MAX, textLength, type WorkErrors } from '../work-form';
import { FieldError, FormError } from '@/components/ui/form-messages';
import { availability } from './work-card';

function EditForm({ work, onDone }: { work: Product; onDone: () => void }) {
  const id = useId();
  const [price, setPrice] = useState(centsToField(work.price));
  const [stock, setStock] = useState(work.stock === null ? '' : String(work.stock));
  const [description, setDescription] = useState(work.description);
  const [errors, setErrors] = useState<WorkErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const update = useUpdateWork();
  const count = textLength(description.trim());
  const describedBy = (field: keyof WorkErrors) => (errors[field] ? `${id}-${field}-error` : undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    setServerError(null);
    const check = checkChange({ price, stock, description }, work);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    if (Object.keys(check.change).length === 0) {
      onDone();
      return;
    }
    update.mutate(
      { id: work.id, change: check.change },
      {
        onSuccess: () => {
          toast({ title: 'Listing updated', description: `${work.name} has been updated.` });
          onDone();
        },
        onError: (error) => setServerError(refusal(error, 'Your changes could not be saved. Please try again.')),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <div className={cn('grid gap-3', work.kind === 'physical' && 'grid-cols-2')}>
        <div>
          <Label htmlFor={`${id}-price`}>Price (USD)</Label>
          <Input
            id={`${id}-price`}
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            aria-describedby={describedBy('price')}
            aria-invalid={errors.price ? true : undefined}
          />
        </div>
        {work.kind === 'physical' && (
          <div>
            <Label htmlFor={`${id}-stock`}>Stock</Label>
            <Input
              id={`${id}-stock`}
              inputMode="numeric"
              value={stock}
              onChange={(e) => setStock(e.target.value)}
              aria-describedby={describedBy('stock')}
              aria-invalid={errors.stock ? true : undefined}
            />
          </div>
        )}
      </div>
      <FieldError id={`${id}-price-error`} message={errors.price} />
      <FieldError id={`${id}-stock-error`} message={errors.stock} />
      <div>
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea
          id={`${id}-description`}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-describedby={cn(`${id}-description-count`, describedBy('description'))}
          aria-invalid={errors.description ? true : undefined}
          rows={4}
        />
        <p id={`${id}-description-count`} className={cn('mt-1 text-right text-xs', count > DESCRIPTION_MAX ? 'text-red-300' : 'text-zinc-500')}>
          {count}/{DESCRIPTION_MAX}
        </p>
        <FieldError id={`${id}-description-error`} message={errors.description} />
      </div>
      <FormError message={serverError} />
      <Button type="submit" className="w-full" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save changes'}
      </Button>
    </form>
  );
}

/** 'Unlist My Linocut?' first; a refusal shows in the question, to try again. */
function UnlistWork({ work }: { work: Product }) {
  const [asking, setAsking] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const unlist = useUnlistWork();
  return (
    <ConfirmDialog
      open={asking}
      onOpenChange={(next) => {
        setAsking(next);
        setServerError(null);
      }}
      trigger={
        <Button variant="ghost" className="min-h-9 px-3 text-red-300" aria-label={`Unlist ${work.name}`}>
          Unlist
        </Button>
      }
      title={`Unlist ${work.name}?`}
      description="It leaves the shop and can no longer be bought; orders and sales keep it."
      confirmLabel="Unlist"
      busyLabel="Unlisting..."
      busy={unlist.isPending}
      error={serverError}
      onConfirm={() => {
        setServerError(null);
        unlist.mutate(work.id, {
          onSuccess: () => {
            toast({ title: 'Unlisted', description: `${work.name} is no longer in the shop.` });
            setAsking(false);
          },
          onError: (error) => setServerError(refusal(error, 'It could not be unlisted. Please try again.')),
        });
      }}
    />
  );
}

type Open = { mode: 'edit'; work: Product } | null;

export function YourListings({ userId }: { userId: number }) {
  const works = useSellerWorks(userId);
  const [open, setOpen] = useState<Open>(null);
  const items = works.data?.pages.flatMap((page) => page.items) ?? [];
  const close = () => setOpen(null);

  const empty = (
    <EmptyState
      icon={<Package aria-hidden="true" className="size-6" />}
      title="You have no works listed"
      description="Sell a print, an object or a file: it shows in the shop and on your profile."
      className="py-8"
    />
  );
  const body = (
    <PagedList query={works} items={items} label="Your listings" failedTitle="Failed to load your listings" empty={empty} skeletonClassName="h-40">
      {(work) => (
        <li key={work.id} aria-label={work.name} className="flex items-center gap-3 px-3 py-3">
          <img src={work.imageUrl} alt="" className="size-14 shrink-0 rounded-lg bg-zinc-800 object-cover" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold text-white">{work.name}</p>
            <p className="flex items-center gap-1 text-xs text-zinc-400">
              <span className="font-semibold text-zinc-200 tabular-nums">{formatCents(work.price)}</span>
              <span aria-hidden="true">·</span>
              {work.kind === 'digital' && <Download aria-hidden="true" className="size-3" />}
              {availability(work) ?? `${work.stock} in stock`}
            </p>
          </div>
          <div className="flex shrink-0 flex-col gap-1 min-[400px]:flex-row">
            <Button variant="secondary" className="min-h-9 px-3" aria-label={`Edit ${work.name}`} onClick={() => setOpen({ mode: 'edit', work })}>
              Edit
            </Button>
            <UnlistWork work={work} />
          </div>
        </li>
      )}
    </PagedList>
  );

  return (
    <section aria-labelledby="your-listings-heading" className="space-y-2">
      <h2 id="your-listings-heading" className="text-lg font-semibold text-white">
        Your listings
      </h2>
      {body}
      <Dialog open={open !== null} onOpenChange={(next) => !next && close()}>
        <DialogContent>
          {open?.mode === 'edit' && (
            <>
              <DialogTitle>Edit {open.work.name}</DialogTitle>
              <DialogDescription>Change the price{open.work.kind === 'physical' ? ', the stock' : ''} or the description.</DialogDescription>
              <EditForm key={open.work.id} work={open.work} onDone={close} />
            </>
          )}
        </DialogContent>
      </Dialog>
    </section>
  );
}

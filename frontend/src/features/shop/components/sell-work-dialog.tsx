//! 'Sell your work' (issue 23): a picture (read into a data: URL and previewed), a name, an
//! optional description with its counter, a price in dollars, a category, and the kind: a
//! physical work with its stock goes up as JSON; a digital one uploads its file (≤ 100 MB,
//! checked here first) in one multipart request with its progress shown. Each field says what is
//! wrong under it; the server's refusal shows above the button. 'Listed!' once it is in the shop.
import { ImagePlus } from 'lucide-react';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input, Label, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { blobToDataUrl } from '@/lib/blob';
import { checkImageFile } from '@/lib/image-file';
import { cn } from '@/lib/utils';
import { useCreateWork } from '../api/create-work';
import { refusal } from '../form-errors';
import type { Product, ProductCategory, ProductKind } from '../types';
import {
  checkWork,
  checkWorkFile,
  DESCRIPTION_MAX,
  MAX_IMAGE_MB,
  textLength,
  WORK_CATEGORIES,
  type WorkErrors,
  type WorkValues,
} from '../work-form';
import { FieldError, FormError, selectClass } from '@/components/ui/form-messages';

const EMPTY: WorkValues = {
  image: null,
  name: '',
  description: '',
  price: '',
  category: 'prints',
  kind: 'physical',
  stock: '1',
  file: null,
};

/** '2.4 MB': a picked file's size. */
function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function SellWorkForm({ onListed }: { onListed: (work: Product) => void }) {
  const id = useId();
  const [values, setValues] = useState<WorkValues>(EMPTY);
  const [errors, setErrors] = useState<WorkErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateWork();
  const set = <K extends keyof WorkValues>(key: K, value: WorkValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const describedBy = (field: keyof WorkErrors) => (errors[field] ? `${id}-${field}-error` : undefined);
  const descriptionCount = textLength(values.description.trim());

  const onPicture = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return;
    const problem = checkImageFile(picked, MAX_IMAGE_MB);
    if (problem) {
      setErrors((e) => ({ ...e, image: problem.description }));
      return;
    }
    try {
      set('image', await blobToDataUrl(picked));
      setErrors((e) => ({ ...e, image: undefined }));
    } catch {
      setErrors((e) => ({ ...e, image: 'That picture could not be read. Try another.' }));
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!picked) return;
    const problem = checkWorkFile(picked);
    setErrors((e) => ({ ...e, file: problem ?? undefined }));
    set('file', problem ? null : picked);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const check = checkWork(values);
    setServerError(null);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    create.mutate(check.work, {
      onSuccess: (work) => {
        toast({ title: 'Listed!', description: `${work.name} is in the shop.` });
        onListed(work);
      },
      onError: (error) => setServerError(refusal(error, 'Your work could not be listed. Please try again.')),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <div>
        <span className="mb-1.5 block text-sm font-medium text-zinc-300">Picture</span>
        <label
          htmlFor={`${id}-image`}
          className={cn(
            'flex aspect-[4/3] w-full cursor-pointer flex-col items-center justify-center gap-2 overflow-hidden rounded-2xl border-2 border-dashed border-white/15 bg-white/5 text-zinc-300 hover:bg-white/10',
            errors.image && 'border-red-400/60',
          )}
        >
          {values.image ? (
            <img src={values.image} alt="Preview of your work" className="size-full object-cover" />
          ) : (
            <>
              <ImagePlus aria-hidden="true" className="size-8 text-fuchsia-300" />
              <span className="text-sm font-semibold">Choose a picture</span>
              <span className="text-xs text-zinc-500">JPEG, PNG, GIF or WebP, up to {MAX_IMAGE_MB} MB</span>
            </>
          )}
        </label>
        <input
          id={`${id}-image`}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          aria-label="Picture of your work"
          aria-describedby={describedBy('image')}
          aria-invalid={errors.image ? true : undefined}
          onChange={(e) => void onPicture(e)}
          className="sr-only"
          disabled={create.isPending}
        />
        <FieldError id={`${id}-image-error`} message={errors.image} />
      </div>

      <div>
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          aria-describedby={describedBy('name')}
          aria-invalid={errors.name ? true : undefined}
          autoComplete="off"
        />
        <FieldError id={`${id}-name-error`} message={errors.name} />
      </div>

      <div>
        <Label htmlFor={`${id}-description`}>Description (optional)</Label>
        <Textarea
          id={`${id}-description`}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
          aria-describedby={cn(`${id}-description-count`, describedBy('description'))}
          aria-invalid={errors.description ? true : undefined}
          rows={3}
        />
        <p
          id={`${id}-description-count`}
          className={cn('mt-1 text-right text-xs', descriptionCount > DESCRIPTION_MAX ? 'text-red-300' : 'text-zinc-500')}
        >
          {descriptionCount}/{DESCRIPTION_MAX}
        </p>
        <FieldError id={`${id}-description-error`} message={errors.description} />
      </div>

      <div className="grid grid-cols-2 gap-3">
        <div>
          <Label htmlFor={`${id}-price`}>Price (USD)</Label>
          <Input
            id={`${id}-price`}
            inputMode="decimal"
            placeholder="25.00"
            value={values.price}
            onChange={(e) => set('price', e.target.value)}
            aria-describedby={describedBy('price')}
            aria-invalid={errors.price ? true : undefined}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-category`}>Category</Label>
          <select
            id={`${id}-category`}
            value={values.category}
            onChange={(e) => set('category', e.target.value as ProductCategory)}
            className={selectClass}
          >
            {WORK_CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldError id={`${id}-price-error`} message={errors.price} />

      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-zinc-300">Kind</legend>
        <div className="grid grid-cols-2 gap-2">
          {(
            [
              ['physical', 'Physical'],
              ['digital', 'Digital'],
            ] as Array<[ProductKind, string]>
          ).map(([kind, label]) => (
            <label
              key={kind}
              className={cn(
                'flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border px-3 text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-fuchsia-400',
                values.kind === kind ? 'border-fuchsia-400/70 bg-fuchsia-500/10 text-white' : 'border-white/10 bg-white/5 text-zinc-300',
              )}
            >
              <input
                type="radio"
                name={`${id}-kind`}
                value={kind}
                checked={values.kind === kind}
                onChange={() => set('kind', kind)}
                className="sr-only"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      {values.kind === 'physical' ? (
        <div>
          <Label htmlFor={`${id}-stock`}>Stock</Label>
          <Input
            id={`${id}-stock`}
            inputMode="numeric"
            value={values.stock}
            onChange={(e) => set('stock', e.target.value)}
            aria-describedby={describedBy('stock')}
            aria-invalid={errors.stock ? true : undefined}
          />
          <FieldError id={`${id}-stock-error`} message={errors.stock} />
        </div>
      ) : (
        <div>
          <Label htmlFor={`${id}-file`}>File</Label>
          <Input
            id={`${id}-file`}
            type="file"
            onChange={onFile}
            aria-describedby={cn(`${id}-file-hint`, describedBy('file'))}
            aria-invalid={errors.file ? true : undefined}
            disabled={create.isPending}
            className="py-2 text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-white/10 file:px-3 file:py-1.5 file:text-zinc-100"
          />
          <p id={`${id}-file-hint`} className="mt-1 text-xs text-zinc-500">
            {values.file ? `${values.file.name} · ${fileSize(values.file.size)}` : 'What buyers download: any type, up to 100 MB'}
          </p>
          <FieldError id={`${id}-file-error`} message={errors.file} />
        </div>
      )}

      {create.progress !== null && (
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(create.progress * 100)}
          className="h-1.5 w-full overflow-hidden rounded-full bg-white/5"
        >
          <div
            className="h-full bg-gradient-to-r from-fuchsia-500 to-indigo-500 transition-[width]"
            style={{ width: `${Math.round(create.progress * 100)}%` }}
          />
        </div>
      )}
      <FormError message={serverError} />
      <Button type="submit" className="w-full" disabled={create.isPending}>
        {create.isPending ? 'Listing...' : 'List your work'}
      </Button>
    </form>
  );
}

/** The dialog; the form starts empty each time it opens. */
export function SellWorkDialog({
  open,
  onOpenChange,
  onListed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onListed: (work: Product) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Sell your work</DialogTitle>
        <DialogDescription>List a print or object you ship, or a file buyers download.</DialogDescription>
        {open && <SellWorkForm onListed={onListed} />}
      </DialogContent>
    </Dialog>
  );
}

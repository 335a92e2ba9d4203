//! The Create Ad dialog (docs/admin-contract.md): every field of an ad with the spec's defaults
//! (category feed, budget $10.00, cost per click $1.00), each rule checked before sending with
//! its message under the field, the server's 400 message shown the same way, and the toasts
//! 'Ad created successfully!' and 'Failed to create ad. Please try again.'.
import { ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormProblem, Input, Label, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { checkImageFile } from '@/lib/image-file';
import { imageFileToDataUrl } from '@/lib/process-image';
import { useCreateAd } from '../api/create-ad';
import { AD_CATEGORIES, AD_FORM_DEFAULTS, checkAdForm, fieldOfServerMessage, type AdFormErrors, type AdFormValues } from '../ad-form';
import type { AdCategory } from '../types';
import { selectClass } from './parts';

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** The picker's limit before the redraw (the post picker's). */
export const AD_IMAGE_MAX_MB = 500;

export function CreateAdDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const [values, setValues] = useState<AdFormValues>(AD_FORM_DEFAULTS);
  const [errors, setErrors] = useState<AdFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateAd();
  const fileInput = useRef<HTMLInputElement>(null);
  const [processing, setProcessing] = useState(false);
  const uploaded = values.imageUrl.startsWith('data:image/');

  /** A picked picture is redrawn as a JPEG data URL (≤ 1600 px wide); the server stores it as `/media/…`. */
  const onPickFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file, AD_IMAGE_MAX_MB);
    if (problem) {
      toast({ variant: 'destructive', title: problem.title, description: problem.description });
      return;
    }
    setProcessing(true);
    try {
      set('imageUrl')(await imageFileToDataUrl(file));
    } catch {
      toast({ variant: 'destructive', title: 'Error processing image', description: 'Please try selecting a different image.' });
    } finally {
      setProcessing(false);
    }
  };

  const set = (field: keyof AdFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const reset = () => {
    setValues(AD_FORM_DEFAULTS);
    setErrors({});
    setServerError(null);
  };

  const close = (next: boolean) => {
    if (create.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const check = checkAdForm(values);
    setServerError(null);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    create.mutate(check.request, {
      onSuccess: () => {
        toast({ title: 'Ad created successfully!' });
        reset();
        onOpenChange(false);
      },
      onError: (error) => {
        const status = errorStatus(error);
        const message = status !== null && status >= 400 && status < 500 ? errorMessage(error) : null;
        const field = message ? fieldOfServerMessage(message) : null;
        if (message && field) setErrors({ [field]: message });
        else if (message) setServerError(message);
        toast({ variant: 'destructive', title: 'Failed to create ad. Please try again.', description: message ?? undefined });
      },
    });
  };

  const input = (field: keyof AdFormValues) => ({
    id: `${id}-${field}`,
    value: values[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
    onChange: (e: { target: { value: string } }) => set(field)(e.target.value),
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogTitle>Create Ad</DialogTitle>
        <DialogDescription>A new ad is served as soon as it is created.</DialogDescription>
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
          <Field id={`${id}-title`} label="Title" error={errors.title}>
            <Input {...input('title')} placeholder="Brush Pack Pro" />
          </Field>
          <Field id={`${id}-description`} label="Description (optional)" error={errors.description}>
            <Textarea {...input('description')} className="min-h-20" />
          </Field>
          <Field id={`${id}-imageUrl`} label="Image URL" error={errors.imageUrl}>
            {uploaded ? (
              <div className="flex items-center gap-3 rounded-xl border border-white/10 bg-zinc-900/80 p-2">
                <img src={values.imageUrl} alt="Ad preview" className="size-14 rounded-lg object-cover" />
                <span className="flex-1 text-sm text-zinc-300">Uploaded image</span>
                <Button variant="ghost" className="min-h-10 px-3" onClick={() => set('imageUrl')('')}>
                  <Trash2 aria-hidden="true" className="size-4" /> Remove
                </Button>
              </div>
            ) : (
              <div className="flex gap-2">
                <Input {...input('imageUrl')} type="url" inputMode="url" placeholder="https://…" className="flex-1" />
                <Button
                  variant="secondary"
                  aria-label="Upload image"
                  className="shrink-0 px-3"
                  disabled={processing}
                  onClick={() => fileInput.current?.click()}
                >
                  {processing ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : <ImagePlus aria-hidden="true" className="size-4" />}
                </Button>
              </div>
            )}
            <input ref={fileInput} type="file" accept="image/*" className="hidden" data-testid="ad-image-file" onChange={onPickFile} />
          </Field>
          <Field id={`${id}-targetUrl`} label="Target URL" error={errors.targetUrl}>
            <Input {...input('targetUrl')} type="url" inputMode="url" placeholder="https://…" />
          </Field>
          <Field id={`${id}-advertiserName`} label="Advertiser Name" error={errors.advertiserName}>
            <Input {...input('advertiserName')} />
          </Field>
          <Field id={`${id}-category`} label="Category" error={errors.category}>
            <select
              id={`${id}-category`}
              value={values.category}
              onChange={(e) => set('category')(e.target.value as AdCategory)}
              className={selectClass}
            >
              {AD_CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field id={`${id}-budget`} label="Budget ($)" error={errors.budget}>
              <Input {...input('budget')} type="number" inputMode="decimal" step="0.01" min="1" />
            </Field>
            <Field id={`${id}-costPerClick`} label="Cost per Click ($)" error={errors.costPerClick}>
              <Input {...input('costPerClick')} type="number" inputMode="decimal" step="0.01" min="0.5" />
            </Field>
            <Field id={`${id}-startDate`} label="Start Date" error={errors.startDate}>
              <Input {...input('startDate')} type="date" />
            </Field>
            <Field id={`${id}-endDate`} label="End Date" error={errors.endDate}>
              <Input {...input('endDate')} type="date" />
            </Field>
          </div>
          <FormProblem>{serverError}</FormProblem>
          <div className="grid grid-cols-2 gap-2 pt-1">
            <DialogClose asChild>
              <Button variant="secondary" disabled={create.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending || processing} className="whitespace-nowrap">
              {create.isPending ? 'Creating...' : 'Create Ad'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

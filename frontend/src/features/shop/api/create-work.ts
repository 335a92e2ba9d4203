import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, apiRequestFormWithProgress } from '@/lib/api-client';
import type { NewWorkRequest, Product, ProductCategory } from '../types';
import { shopKeys } from './keys';

/** A digital work: the listing's fields and the file a buyer downloads (docs/economy-contract.md, slice 3). */
export interface NewDigitalWork {
  name: string;
  description: string;
  /** Cents. */
  price: number;
  category: ProductCategory;
  /** A `data:` URL of the picture. */
  image: string;
  file: File;
}

export type NewWork = { kind: 'physical'; work: NewWorkRequest } | { kind: 'digital'; work: NewDigitalWork };

/** POST /api/products (JSON) → 201 the physical work. */
export async function createPhysicalWork(work: NewWorkRequest): Promise<Product> {
  const res = await apiRequest('POST', '/api/products', work);
  return (await res.json()) as Product;
}

/** The multipart body of a digital work: its text parts, then the work itself as `file`. */
export function digitalWorkForm(work: NewDigitalWork): FormData {
  const form = new FormData();
  form.append('name', work.name);
  form.append('description', work.description);
  form.append('price', String(work.price));
  form.append('category', work.category);
  form.append('kind', 'digital');
  form.append('image', work.image);
  form.append('file', work.file, work.file.name);
  return form;
}

/** POST /api/products (multipart, with the file) → 201 the digital work; `onProgress` follows the upload. */
export function createDigitalWork(work: NewDigitalWork, onProgress: (fraction: number) => void = () => {}): Promise<Product> {
  return apiRequestFormWithProgress<Product>('POST', '/api/products', digitalWorkForm(work), onProgress);
}

/** Lists a work, a digital one with its upload progress; then the lists of works are refetched. */
export function useCreateWork() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationKey: shopKeys.createWork(),
    mutationFn: (work: NewWork) => {
      if (work.kind === 'physical') return createPhysicalWork(work.work);
      setProgress(0);
      return createDigitalWork(work.work, setProgress);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.works() }),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

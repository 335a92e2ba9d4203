import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Product } from '../types';
import { shopKeys, WORKS_PAGE_SIZE } from './keys';

/** GET /api/products?source=creators: creators' listed works, newest first; `X-Next-Cursor` when more follow. */
export function getCreatorWorksPage(before: string | null): Promise<Page<Product>> {
  return apiPage<Product>(pageUrl('/api/products?source=creators', before, WORKS_PAGE_SIZE));
}

export function creatorWorksQueryOptions() {
  return infiniteQueryOptions({ queryKey: shopKeys.creatorWorks(), ...cursorPaging(getCreatorWorksPage) });
}

/** The 'From creators' row shows the first page; the 'From creators' tab every page loaded. */
export function useCreatorWorks() {
  return useInfiniteQuery(creatorWorksQueryOptions());
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Product } from '../types';
import { shopKeys, WORKS_PAGE_SIZE } from './keys';

/** GET /api/products?seller={userId}: one creator's listed works, newest first; `X-Next-Cursor` when more follow. */
export function getSellerWorksPage(userId: number, before: string | null): Promise<Page<Product>> {
  return apiPage<Product>(pageUrl(`/api/products?seller=${userId}`, before, WORKS_PAGE_SIZE));
}

export function sellerWorksQueryOptions(userId: number) {
  return infiniteQueryOptions({
    queryKey: shopKeys.sellerWorks(userId),
    ...cursorPaging((before) => getSellerWorksPage(userId, before)),
  });
}

/** A creator's works: 'Your listings' in the shop, the Shop tab of a profile. */
export function useSellerWorks(userId: number) {
  return useInfiniteQuery(sellerWorksQueryOptions(userId));
}

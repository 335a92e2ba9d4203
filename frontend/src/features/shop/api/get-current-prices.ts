import { apiRequest } from '@/lib/api-client';
import type { Product } from '../types';

/** The most ids one request prices (the server's limit). */
const IDS_MAX = 100;

/**
 * GET /api/products?ids=… : the cart's products as they are now (issue 39), so the cart shows,
 * and checkout sends, the price the server will charge. An id no longer for sale is left out.
 */
export async function getCurrentPrices(ids: readonly number[]): Promise<Product[]> {
  const unique = [...new Set(ids)];
  const answers: Product[] = [];
  for (let start = 0; start < unique.length; start += IDS_MAX) {
    const chunk = unique.slice(start, start + IDS_MAX);
    const res = await apiRequest('GET', `/api/products?ids=${chunk.join(',')}`);
    answers.push(...((await res.json()) as Product[]));
  }
  return answers;
}

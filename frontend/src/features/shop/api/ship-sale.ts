import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiRequest, type Page } from '@/lib/api-client';
import type { Sale } from '../types';
import { shopKeys } from './keys';

/** The longest tracking note the server keeps. */
export const TRACKING_NOTE_MAX = 200;

export interface ShipSaleInput {
  id: number;
  /** Trimmed; empty sends none. */
  trackingNote: string;
}

/**
 * POST /api/user/sales/{id}/ship → the sale, shipped: a physical line of the seller's marked
 * shipped once (a second call answers it as it is), and its buyer told.
 */
export async function shipSale({ id, trackingNote }: ShipSaleInput): Promise<Sale> {
  const note = trackingNote.trim();
  const res = await apiRequest('POST', `/api/user/sales/${id}/ship`, note ? { trackingNote: note } : {});
  return (await res.json()) as Sale;
}

/** Marks a sale shipped; the loaded list shows the answer at once. */
export function useShipSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shopKeys.shipSale(),
    mutationFn: shipSale,
    onSuccess: (sale) => {
      queryClient.setQueryData<InfiniteData<Page<Sale>>>(shopKeys.sales(), (data) =>
        data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === sale.id ? sale : item)) })) },
      );
    },
  });
}

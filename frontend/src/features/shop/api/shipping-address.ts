import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ShippingAddress, ShippingAddressRequest } from '../types';
import { shopKeys } from './keys';

/** GET /api/user/shipping-address: the remembered address, or null before the first. */
export async function getShippingAddress(): Promise<ShippingAddress | null> {
  const res = await apiRequest('GET', '/api/user/shipping-address');
  return (await res.json()) as ShippingAddress | null;
}

export const shippingAddressQuery = () => queryOptions({ queryKey: shopKeys.address(), queryFn: getShippingAddress });

export function useShippingAddress() {
  return useQuery(shippingAddressQuery());
}

/** PUT /api/user/shipping-address: saves it (the server trims it and checks every field). */
export async function saveShippingAddress(address: ShippingAddressRequest): Promise<ShippingAddress> {
  const res = await apiRequest('PUT', '/api/user/shipping-address', address);
  return (await res.json()) as ShippingAddress;
}

export function useSaveShippingAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShippingAddress,
    onSuccess: (saved) => queryClient.setQueryData(shopKeys.address(), saved),
  });
}

//! Query keys of the ads feature.
import { adsQueryKey } from '@/lib/query-keys';
import type { AdPlacement } from '../types';

/** Under `adsQueryKey`, which the admin's ad changes refresh. */
export const adKeys = {
  all: adsQueryKey,
  placement: (placement: AdPlacement) => ['ads', placement] as const,
};

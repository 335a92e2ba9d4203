//! Query keys of the ads feature.
import type { AdPlacement } from '../types';

export const adKeys = {
  all: ['ads'] as const,
  placement: (placement: AdPlacement) => ['ads', placement] as const,
};

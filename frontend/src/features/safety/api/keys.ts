//! Query keys of blocking and muting (issue 20). The blocked accounts' list is keyed by its
//! endpoint's path under /api/user/, so a 401 from it on the settings screen is that screen's
//! 'Unauthorized' (features/settings/hooks/use-unauthorized-redirect.ts), as its other calls are.
import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '@/lib/api-client';
import type { BlockedAccount } from '../types';

export const safetyKeys = {
  blocked: () => ['/api/user/blocks'] as const,
};

export type BlockedPages = InfiniteData<Page<BlockedAccount>>;

/** Accounts per page of the blocked list (the server's default). */
export const BLOCKED_PAGE_SIZE = 20;

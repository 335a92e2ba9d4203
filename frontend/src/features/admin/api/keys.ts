//! Query and mutation keys of the admin area. Everything under ['admin'] is refetched after a
//! decision that may change it.
export const adminKeys = {
  all: ['admin'] as const,
  revenue: () => ['admin', 'revenue'] as const,
  ads: () => ['admin', 'ads'] as const,
  withdrawals: (status: string) => ['admin', 'withdrawals', 'list', status] as const,
  withdrawalLists: () => ['admin', 'withdrawals', 'list'] as const,
  withdrawalSummary: () => ['admin', 'withdrawals', 'summary'] as const,
  users: (q: string) => ['admin', 'users', 'list', q] as const,
  /** The users' lists and tiles (a suspension deactivates someone). */
  usersAll: () => ['admin', 'users'] as const,
  userSummary: () => ['admin', 'users', 'summary'] as const,
  audit: () => ['admin', 'audit'] as const,
  reports: (status: string) => ['admin', 'reports', 'list', status] as const,
  reportLists: () => ['admin', 'reports', 'list'] as const,
  reportTarget: (id: number) => ['admin', 'reports', 'target', id] as const,
  /** Admin › Federation (issue 46): the queue's health and the known servers, page by page. */
  federation: () => ['admin', 'federation'] as const,
  createAd: () => ['admin', 'create-ad'] as const,
  setAdActive: () => ['admin', 'set-ad-active'] as const,
  decideWithdrawal: () => ['admin', 'decide-withdrawal'] as const,
  decideReport: () => ['admin', 'decide-report'] as const,
  blockServer: () => ['admin', 'block-server'] as const,
};

export const ADMIN_PAGE_SIZE = 20;

/** Servers on a page of Admin › Federation (the server's fixed page). */
export const FEDERATION_PAGE_SIZE = 50;

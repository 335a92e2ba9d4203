//! Query keys of the buyer's orders (issue 42).
export const ordersKeys = {
  all: ['orders'] as const,
  list: () => ['orders', 'list'] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
};

/** Orders per page of Settings › Orders. */
export const ORDERS_PAGE_SIZE = 20;

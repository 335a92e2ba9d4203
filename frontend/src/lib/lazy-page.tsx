//! Route pages loaded on demand (issue 43), so a chunk that failed to load can be asked for again.
//! React's lazy() keeps a failed import's error for good; a page made here is remembered as failed,
//! and `retryFailedPages()` (RouteErrorBoundary's 'Retry') gives it a fresh lazy(), so its next
//! render imports again. Nothing retries by itself: a server that is down is not asked in a loop.
//! When the import fails a second time in a row while the server answers, the chunk is gone from
//! it (a deploy replaced this build's files, or the browser keeps the failure): the page reloads
//! into the current build.
import { lazy, type ComponentType } from 'react';

type Load<P> = () => Promise<{ default: ComponentType<P> }>;

/** The pages whose last import failed, each with what renews it. */
const failedPages = new Set<() => void>();

/** Lets every page whose chunk failed to load import it again at its next render. */
export function retryFailedPages(): void {
  const renewals = [...failedPages];
  failedPages.clear();
  for (const renew of renewals) renew();
}

/** Whether the server answers at all (its liveness probe, which no worker or cache answers for it). */
async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch('/healthz', { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

export function lazyPage<P extends object>(load: Load<P>, reload: () => void = () => window.location.reload()): ComponentType<P> {
  let failures = 0;
  const attempt = () =>
    lazy(async () => {
      try {
        const module = await load();
        failures = 0;
        return module;
      } catch (error) {
        failures += 1;
        failedPages.add(renew);
        if (failures > 1 && (await serverAnswers())) reload();
        throw error;
      }
    });
  let Current = attempt();
  const renew = () => {
    Current = attempt();
  };
  return function LazyPage(props: P) {
    return <Current {...props} />;
  };
}

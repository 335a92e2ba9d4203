/**
 * Which screen a path shows: a spinner while the session is checked; signed out (the server's
 * 401, nothing else: issue 43), the account links' pages (issue 41) at their paths and the landing
 * page at every other; signed in, the app shell with its routes; with no answer and no user
 * remembered, a frame that waits for the server. A signed-in user who has not been through the
 * first run is sent to /welcome once per visit (they may leave it), unless they came by an account
 * link. Pages load on demand, each inside an error boundary that offers Retry.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ComponentType } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { RouteErrorBoundary } from '@/components/route-error-boundary';
import { FullScreenSpinner, Spinner } from '@/components/ui/spinner';
import { useSession, type User } from '@/lib/auth';
import { lazyPage } from '@/lib/lazy-page';
import { serverReachability } from '@/lib/server-reachability';
import { AppShell } from './layout/app-shell';
import { PublicFrame } from './layout/public-frame';
import LandingPage from './routes/landing';

type Page = ComponentType;

const ProfilePage = lazyPage(() => import('./routes/profile'));

/** The pages a mailed link opens (issue 41), signed in or out. */
const accountLinkRoutes: Array<{ path: string; page: Page }> = [
  { path: '/forgot-password', page: lazyPage(() => import('./routes/forgot-password')) },
  { path: '/reset-password', page: lazyPage(() => import('./routes/reset-password')) },
  { path: '/verify-email', page: lazyPage(() => import('./routes/verify-email')) },
];
const accountLinkPaths = new Set(accountLinkRoutes.map((route) => route.path));

const WELCOME_PATH = '/welcome';

/**
 * Whether to send the user to the first run now: not yet `onboarded` (`=== false`: a session
 * remembered offline from before the first run existed has no such field), not shown in this
 * visit yet, and not on a page a mailed link opened.
 */
export function startsFirstRun(user: Pick<User, 'onboarded'>, location: string, shownThisVisit: boolean): boolean {
  return user.onboarded === false && !shownThisVisit && location !== WELCOME_PATH && !accountLinkPaths.has(location);
}

/** Signed-in routes, each page its own chunk. Adding a screen is one line here. */
const routes: Array<{ path: string; page: Page }> = [
  { path: '/', page: lazyPage(() => import('./routes/home')) },
  { path: '/explore', page: lazyPage(() => import('./routes/explore')) },
  { path: '/explore/tags/:tag', page: lazyPage(() => import('./routes/tag')) },
  { path: '/p/:id', page: lazyPage(() => import('./routes/post')) },
  { path: '/profile', page: ProfilePage },
  { path: '/profile/:username', page: ProfilePage },
  { path: '/create', page: lazyPage(() => import('./routes/create-post')) },
  { path: '/create-story', page: lazyPage(() => import('./routes/create-story')) },
  { path: '/chat/:conversationId?', page: lazyPage(() => import('./routes/chat')) },
  { path: '/notifications', page: lazyPage(() => import('./routes/notifications')) },
  { path: '/voicemail', page: lazyPage(() => import('./routes/voicemail')) },
  { path: '/shop', page: lazyPage(() => import('./routes/shop')) },
  { path: '/checkout', page: lazyPage(() => import('./routes/checkout')) },
  { path: '/earnings', page: lazyPage(() => import('./routes/earnings')) },
  { path: '/settings', page: lazyPage(() => import('./routes/settings')) },
  { path: '/settings/orders', page: lazyPage(() => import('./routes/orders')) },
  { path: '/orders/:id', page: lazyPage(() => import('./routes/order')) },
  { path: '/reels', page: lazyPage(() => import('./routes/reels')) },
  { path: '/create-reel', page: lazyPage(() => import('./routes/create-reel')) },
  { path: '/admin', page: lazyPage(() => import('./routes/admin')) },
  { path: '/canvas/:id', page: lazyPage(() => import('./routes/canvas')) },
  { path: WELCOME_PATH, page: lazyPage(() => import('./routes/welcome')) },
  ...accountLinkRoutes,
];

const NotFoundPage = lazyPage(() => import('./routes/not-found'));

export function AppRouter() {
  // Watching the requests from the first render on, so the session check's failures count.
  serverReachability(useQueryClient());
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const [location] = useLocation();
  // Once the first run has shown in this visit, leaving it is the user's choice.
  const [firstRunShown, setFirstRunShown] = useState(false);
  if (user && location === WELCOME_PATH && !firstRunShown) setFirstRunShown(true);

  if (session.status === 'checking') return <FullScreenSpinner />;
  if (session.status === 'unreachable') {
    return (
      <PublicFrame>
        <Spinner className="pt-16" label="Waiting for Atelier" />
        <p className="px-4 text-center text-sm text-zinc-400">Atelier opens as soon as it answers.</p>
      </PublicFrame>
    );
  }
  if (!user) {
    return (
      <Switch>
        {accountLinkRoutes.map(({ path, page: Page }) => (
          <Route key={path} path={path}>
            <PublicFrame>
              <RouteErrorBoundary location={location}>
                <Suspense fallback={<Spinner className="pt-24" />}>
                  <Page />
                </Suspense>
              </RouteErrorBoundary>
            </PublicFrame>
          </Route>
        ))}
        <Route component={LandingPage} />
      </Switch>
    );
  }

  const toFirstRun = startsFirstRun(user, location, firstRunShown);

  return (
    <AppShell user={user}>
      <RouteErrorBoundary location={location}>
        <Suspense fallback={<Spinner className="pt-24" />}>
          {toFirstRun ? (
            <Redirect to={WELCOME_PATH} replace />
          ) : (
            <Switch>
              {routes.map(({ path, page }) => (
                <Route key={path} path={path} component={page} />
              ))}
              <Route component={NotFoundPage} />
            </Switch>
          )}
        </Suspense>
      </RouteErrorBoundary>
    </AppShell>
  );
}

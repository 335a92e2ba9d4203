/**
 * Which screen a path shows: a spinner while the session is checked, the
 * landing page for every path when signed out, the app shell with its routes when signed in.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch } from 'wouter';
import { FullScreenSpinner, Spinner } from '@/components/ui/spinner';
import { useUser } from '@/lib/auth';
import { AppShell } from './layout/app-shell';
import LandingPage from './routes/landing';

type Page = LazyExoticComponent<ComponentType>;

const ProfilePage = lazy(() => import('./routes/profile'));

/** Signed-in routes, each page its own chunk. Adding a screen is one line here. */
const routes: Array<{ path: string; page: Page }> = [
  { path: '/', page: lazy(() => import('./routes/home')) },
  { path: '/explore', page: lazy(() => import('./routes/explore')) },
  { path: '/explore/tags/:tag', page: lazy(() => import('./routes/tag')) },
  { path: '/p/:id', page: lazy(() => import('./routes/post')) },
  { path: '/profile', page: ProfilePage },
  { path: '/profile/:username', page: ProfilePage },
  { path: '/create', page: lazy(() => import('./routes/create-post')) },
  { path: '/create-story', page: lazy(() => import('./routes/create-story')) },
  { path: '/chat/:conversationId?', page: lazy(() => import('./routes/chat')) },
  { path: '/notifications', page: lazy(() => import('./routes/notifications')) },
  { path: '/voicemail', page: lazy(() => import('./routes/voicemail')) },
  { path: '/shop', page: lazy(() => import('./routes/shop')) },
  { path: '/earnings', page: lazy(() => import('./routes/earnings')) },
  { path: '/settings', page: lazy(() => import('./routes/settings')) },
  { path: '/reels', page: lazy(() => import('./routes/reels')) },
  { path: '/create-reel', page: lazy(() => import('./routes/create-reel')) },
  { path: '/admin', page: lazy(() => import('./routes/admin')) },
  { path: '/canvas/:id', page: lazy(() => import('./routes/canvas')) },
];

const NotFoundPage = lazy(() => import('./routes/not-found'));

export function AppRouter() {
  const { data: user, isLoading } = useUser();

  if (isLoading) return <FullScreenSpinner />;
  if (!user) return <LandingPage />;

  return (
    <AppShell user={user}>
      <Suspense fallback={<Spinner className="pt-24" />}>
        <Switch>
          {routes.map(({ path, page }) => (
            <Route key={path} path={path} component={page} />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </AppShell>
  );
}

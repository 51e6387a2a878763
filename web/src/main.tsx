import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { Root } from './app/root';
import { appRoutes } from './app/router/routes';
import { ConfigErrorScreen } from './components/config-error-screen';
import { LoadingScreen } from './components/loading-screen';
import { PRERENDERED_PATH_ATTRIBUTE } from './prerender/prerender-markers';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * The prerendered HTML is hydrated only when it is this very page: the SPA shell (signed-in
 * routes, unknown paths) and links with a query (verification, reset, tag filters) render afresh.
 */
const prerenderedPath = container.getAttribute(PRERENDERED_PATH_ATTRIBUTE);
const hydrate = prerenderedPath !== null && prerenderedPath === window.location.pathname && !window.location.search;

/** React Router's recipe for lazy routes and hydration: resolve the matched routes first. */
async function resolveLazyMatches(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

async function start() {
  const root = hydrate ? null : createRoot(container!);
  root?.render(<LoadingScreen progress={30} showDetails />);
  await resolveLazyMatches(appRoutes);
  const router = createBrowserRouter(appRoutes);
  const app = (
    <StrictMode>
      <Root>
        <RouterProvider router={router} />
      </Root>
    </StrictMode>
  );
  if (root) root.render(app);
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task.
  else startTransition(() => void hydrateRoot(container!, app));
}

start().catch((error: unknown) => {
  // A page chunk that cannot download (offline, a deploy replaced it) says so instead of a blank page.
  console.error(error);
  createRoot(container).render(<ConfigErrorScreen message={error instanceof Error ? error.message : String(error)} />);
});

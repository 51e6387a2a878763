import type { RouteObject } from 'react-router-dom';
import { screenEntries, type ScreenAccess } from '@shared/screens';
import { AppShell } from '../shell/app-shell';
import { RouteErrorScreen } from '../../components/error-boundary';
import { screenPages, type PageModule } from './screen-pages';

/**
 * Pages load through React Router's `lazy`, so the prerenderer and the hydrating browser both resolve a page
 * before rendering it (no loading flash over prerendered HTML).
 */
export function page(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/** The screens of shared/screens.ts with one access, each at its path (the site root as the index route). */
function screenRoutes(access: ScreenAccess): RouteObject[] {
  return screenEntries
    .filter((screen) => screen.access === access)
    .map(({ key, path }) =>
      path === '/' ? { index: true, lazy: page(screenPages[key]) } : { path, lazy: page(screenPages[key]) },
    );
}

/**
 * The app's routes: the screens table, each screen behind the layouts its access asks for, with the blog's
 * posts (public pages the blog's build lists) and the not-found page for anything else.
 */
export function routeTree(postRoutes: RouteObject[]): RouteObject[] {
  return [
    {
      element: <AppShell />,
      errorElement: <RouteErrorScreen />,
      children: [
        ...screenRoutes('public'),
        ...postRoutes,
        {
          // Auth and the API load here; sign-in is asked only below, in the protected layout.
          lazy: () => import('./signed-in-layout'),
          children: [
            ...screenRoutes('auth'),
            { lazy: () => import('./protected-layout'), children: screenRoutes('user') },
          ],
        },
        { path: '*', lazy: page(() => import('../routes/not-found')) },
      ],
    },
  ];
}

import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { loadPost, postRoutes } from 'virtual:adsmith/blog-routes';
import { webPaths } from '@shared/web-paths';
import { AppShell } from '../shell/app-shell';
import { RouteErrorScreen } from '../../components/error-boundary';

/**
 * Every screen is its own chunk (a page's code loads when someone opens it), loaded through React
 * Router's `lazy` so the prerenderer and the hydrating browser both resolve a page
 * before rendering it (no loading flash over prerendered HTML).
 */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/** A post at its canonical path or its alias: the post's own chunk, loaded before render. */
function postRoute(path: string, slug: string): RouteObject {
  return {
    path,
    lazy: async () => {
      const [{ BlogPostPage }, post] = await Promise.all([
        import('../../features/blog/components/blog-post-page'),
        loadPost(slug),
      ]);
      return { Component: () => <BlogPostPage post={post} /> };
    },
  };
}

export const appRoutes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, lazy: page(() => import('../routes/home')) },
      { path: webPaths.about, lazy: page(() => import('../routes/about')) },
      { path: webPaths.contact, lazy: page(() => import('../routes/contact')) },
      { path: webPaths.blog, lazy: page(() => import('../routes/blog')) },
      ...postRoutes.map((post) => postRoute(`blog/${post.slug}`, post.slug)),
      ...postRoutes.flatMap((post) => (post.alias ? [postRoute(post.alias.slice(1), post.slug)] : [])),
      { path: webPaths.pricing, lazy: page(() => import('../routes/pricing')) },
      { path: webPaths.privacy, lazy: page(() => import('../routes/privacy')) },
      { path: webPaths.terms, lazy: page(() => import('../routes/terms')) },
      {
        lazy: () => import('./signed-in-layout'),
        children: [
          { path: webPaths.auth, lazy: page(() => import('../routes/auth')) },
          { path: webPaths.metaCallback, lazy: page(() => import('../routes/meta-callback')) },
          // A shared report: the API config loads here, but no sign-in is asked.
          { path: webPaths.marketingMixShared, lazy: page(() => import('../routes/marketing-mix-shared')) },
          // An invitation link: signed out, it says how to sign in with the invited address and comes back here.
          { path: webPaths.teamJoin, lazy: page(() => import('../routes/team-join')) },
          {
            lazy: () => import('./protected-layout'),
            children: [
              { path: webPaths.dashboard, lazy: page(() => import('../routes/dashboard')) },
              { path: webPaths.campaigns, lazy: page(() => import('../routes/campaigns')) },
              { path: webPaths.optimizer, lazy: page(() => import('../routes/optimizer')) },
              { path: webPaths.campaignGenerator, lazy: page(() => import('../routes/campaign-generator')) },
              { path: webPaths.adOptimizer, lazy: page(() => import('../routes/ad-optimizer')) },
              { path: webPaths.adsGraphicsGenerator, lazy: page(() => import('../routes/ads-graphics-generator')) },
              { path: webPaths.adCopy, lazy: page(() => import('../routes/ad-copy')) },
              { path: webPaths.settingsNotifications, lazy: page(() => import('../routes/settings-notifications')) },
              { path: webPaths.settingsErrors, lazy: page(() => import('../routes/settings-errors')) },
              { path: webPaths.marketingMix, lazy: page(() => import('../routes/marketing-mix')) },
              { path: webPaths.marketingMixReport, lazy: page(() => import('../routes/marketing-mix-report')) },
              { path: webPaths.optimizerRules, lazy: page(() => import('../routes/optimizer')) },
              { path: webPaths.optimizerApplied, lazy: page(() => import('../routes/optimizer')) },
              { path: webPaths.settingsTeam, lazy: page(() => import('../routes/settings-team')) },
            ],
          },
        ],
      },
      { path: '*', lazy: page(() => import('../routes/not-found')) },
    ],
  },
];

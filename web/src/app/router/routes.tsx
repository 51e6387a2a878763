import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { loadPost, postRoutes } from 'virtual:adsmith/blog-routes';
import { AppShell } from '../shell/app-shell';

/**
 * Every screen is its own chunk (spec §2: pages load on demand), loaded through React
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
    children: [
      { index: true, lazy: page(() => import('../routes/home')) },
      { path: 'about', lazy: page(() => import('../routes/about')) },
      { path: 'contact', lazy: page(() => import('../routes/contact')) },
      { path: 'blog', lazy: page(() => import('../routes/blog')) },
      ...postRoutes.map((post) => postRoute(`blog/${post.slug}`, post.slug)),
      ...postRoutes.flatMap((post) => (post.alias ? [postRoute(post.alias.slice(1), post.slug)] : [])),
      { path: 'pricing', lazy: page(() => import('../routes/pricing')) },
      { path: 'privacy', lazy: page(() => import('../routes/privacy')) },
      { path: 'terms', lazy: page(() => import('../routes/terms')) },
      {
        lazy: () => import('./signed-in-layout'),
        children: [
          { path: 'auth', lazy: page(() => import('../routes/auth')) },
          { path: 'auth/meta/callback', lazy: page(() => import('../routes/meta-callback')) },
          {
            lazy: () => import('./protected-layout'),
            children: [
              { path: 'dashboard', lazy: page(() => import('../routes/dashboard')) },
              { path: 'campaigns', lazy: page(() => import('../routes/campaigns')) },
              { path: 'optimizer', lazy: page(() => import('../routes/optimizer')) },
              { path: 'campaign-generator', lazy: page(() => import('../routes/campaign-generator')) },
              { path: 'ad-optimizer', lazy: page(() => import('../routes/ad-optimizer')) },
              { path: 'ads-graphics-generator', lazy: page(() => import('../routes/ads-graphics-generator')) },
            ],
          },
        ],
      },
      { path: '*', lazy: page(() => import('../routes/not-found')) },
    ],
  },
];

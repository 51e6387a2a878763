import type { RouteObject } from 'react-router-dom';
import { loadPost, postRoutes } from 'virtual:adsmith/blog-routes';
import { routeTree } from './route-tree';

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

export const appRoutes: RouteObject[] = routeTree([
  ...postRoutes.map((post) => postRoute(`blog/${post.slug}`, post.slug)),
  ...postRoutes.flatMap((post) => (post.alias ? [postRoute(post.alias.slice(1), post.slug)] : [])),
]);

import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { buildBlogCatalogue, summarise } from '../src/features/blog/content/blog-catalogue';
import type { BlogPost } from '../src/features/blog/content/blog-types';
import { renderMarkdown } from '../src/features/blog/content/render-markdown';

const INDEX_ID = 'virtual:adsmith/blog-index';
const ROUTES_ID = 'virtual:adsmith/blog-routes';
const POST_PREFIX = 'virtual:adsmith/blog-post/';

export async function readBlogCatalogue(contentDir: string): Promise<BlogPost[]> {
  let names: string[] = [];
  try {
    names = (await readdir(contentDir)).filter((name) => name.endsWith('.md') && name !== 'README.md').sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const files = await Promise.all(
    names.map(async (file) => ({ file, source: await readFile(path.join(contentDir, file), 'utf8') })),
  );
  return buildBlogCatalogue(files, renderMarkdown);
}

/**
 * The blog as modules: `virtual:adsmith/blog-routes` (in every page's bundle, so tiny) holds
 * each post's slug and alias and a loader per post; `virtual:adsmith/blog-index` every
 * post's summary, for the blog pages; each post's HTML is its own chunk.
 * A bad post fails the build (and shows Vite's error overlay in dev).
 */
export function blogContentPlugin(contentDir: string): Plugin {
  let catalogue: Promise<BlogPost[]> | undefined;
  const load = () => (catalogue ??= readBlogCatalogue(contentDir));
  return {
    name: 'adsmith-blog-content',
    async buildStart() {
      this.addWatchFile(contentDir);
      await load();
    },
    resolveId(id) {
      if (id === INDEX_ID || id === ROUTES_ID || id.startsWith(POST_PREFIX)) return `\0${id}`;
      return undefined;
    },
    async load(id) {
      if (id === `\0${INDEX_ID}`) {
        return `export const posts = ${JSON.stringify((await load()).map(summarise))};`;
      }
      if (id === `\0${ROUTES_ID}`) {
        const posts = await load();
        const loaders = posts
          .map((post) => `  ${JSON.stringify(post.slug)}: () => import(${JSON.stringify(POST_PREFIX + post.slug)}),`)
          .join('\n');
        return [
          `export const postRoutes = ${JSON.stringify(posts.map(({ slug, alias }) => (alias ? { slug, alias } : { slug })))};`,
          `const loaders = {\n${loaders}\n};`,
          'export function loadPost(slug) {',
          '  const loader = loaders[slug];',
          '  if (!loader) return Promise.reject(new Error(`No blog post ${slug}`));',
          '  return loader().then((m) => m.default);',
          '}',
        ].join('\n');
      }
      if (id.startsWith(`\0${POST_PREFIX}`)) {
        const slug = id.slice(POST_PREFIX.length + 1);
        const post = (await load()).find((p) => p.slug === slug);
        if (!post) throw new Error(`No blog post ${slug}`);
        return `export default ${JSON.stringify(post)};`;
      }
      return undefined;
    },
    configureServer(server) {
      server.watcher.add(contentDir);
      const reload = (file: string) => {
        if (!file.startsWith(contentDir)) return;
        catalogue = undefined;
        server.moduleGraph.invalidateAll();
        server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('change', reload);
      server.watcher.on('add', reload);
      server.watcher.on('unlink', reload);
    },
  };
}

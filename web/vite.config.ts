import { mkdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connect, Plugin } from 'vite';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { blogContentPlugin } from './vite/blog-content-plugin';
import { prerenderPlugin } from './vite/prerender-plugin';
import { localhostRedirectPlugin } from './vite/localhost-redirect-plugin';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webRoot, '..');

/**
 * In AWS, CloudFront serves `/config.json` from S3 (written by CDK). Locally there is
 * no bucket, so dev and preview servers read the file the twin writes. It is read on
 * every request so a restarted twin (new pool ids) needs no Vite restart. Never bundled.
 */
/** Moves the build's source maps out of dist/, so no deployment can publish them. */
function privateSourceMapsPlugin(): Plugin {
  const mapsDir = path.join(webRoot, 'sourcemaps');
  return {
    name: 'adsmith-private-source-maps',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = path.resolve(options.dir ?? path.join(webRoot, 'dist'));
      // Only the deployed build; other builds with this config (prerendering) keep their own output.
      if (outDir !== path.join(webRoot, 'dist')) return;
      for (const file of Object.keys(bundle).filter((name) => name.endsWith('.map'))) {
        await mkdir(path.dirname(path.join(mapsDir, file)), { recursive: true });
        await rename(path.join(outDir, file), path.join(mapsDir, file));
      }
    },
  };
}

function runtimeConfigPlugin(): Plugin {
  const configFile = path.resolve(repoRoot, process.env.ADSMITH_WEB_CONFIG_FILE ?? '.local/web-config.json');
  const middleware: Connect.NextHandleFunction = (req, res, next) => {
    if (req.url?.split('?')[0] !== '/config.json') return next();
    readFile(configFile, 'utf8').then(
      (body) => {
        res.setHeader('content-type', 'application/json');
        res.setHeader('cache-control', 'no-store');
        res.end(body);
      },
      () => {
        res.statusCode = 404;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ error: `No web config at ${configFile}. Start the local twin (npm run dev).` }));
      },
    );
  };
  return {
    name: 'adsmith-runtime-config',
    configureServer(server) {
      server.middlewares.use(middleware);
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
    },
  };
}

/**
 * The dev server may read any file under the repository (Vite's fs.allow is the
 * workspace root), and `.local/` holds the twin's state: users, tables, the KMS
 * and HMAC keys. Vite's own deny list is repeated because setting it replaces it.
 */
export const DEV_SERVER_DENY = [
  '.env',
  '.env.*',
  '*.{crt,pem,key,p12,pfx,cer,der}',
  '.npmrc',
  '.yarnrc.yml',
  '**/.git/**',
  '**/.local/**',
];

/**
 * CloudFront's `/api/*` behaviour: forwards to the API with the origin-verify header, without
 * which the API's functions answer 403 (the twin passes the header's name and value).
 */
const apiOriginHeader = process.env.ADSMITH_API_ORIGIN_HEADER;
const apiOriginValue = process.env.ADSMITH_API_ORIGIN_VALUE;
const apiProxy = {
  '/api': {
    target: process.env.ADSMITH_API_PROXY ?? 'http://127.0.0.1:3001',
    changeOrigin: false,
    headers: apiOriginHeader && apiOriginValue ? { [apiOriginHeader]: apiOriginValue } : {},
  },
};

/**
 * React Router's package exports point at its development build (warnings and invariant
 * messages included); its production build ships beside it. Builds use that one (-3 KB gzipped
 * on every page), the dev server keeps the warnings.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(repoRoot, 'node_modules/react-router/dist/production/index.mjs') },
  {
    find: /^react-router\/dom$/,
    replacement: path.join(repoRoot, 'node_modules/react-router/dist/production/dom-export.mjs'),
  },
];

export default defineConfig(({ command }) => ({
  root: webRoot,
  publicDir: path.join(webRoot, 'public'),
  // Nothing from the environment reaches the bundle: runtime config comes from /config.json.
  envPrefix: 'ADSMITH_PUBLIC_',
  plugins: [
    react(),
    tailwindcss(),
    localhostRedirectPlugin(),
    runtimeConfigPlugin(),
    privateSourceMapsPlugin(),
    blogContentPlugin(path.join(webRoot, 'content/blog')),
    prerenderPlugin({
      configFile: fileURLToPath(import.meta.url),
      entry: path.join(webRoot, 'src/prerender/render-page.tsx'),
      cacheDir: path.join(repoRoot, 'node_modules/.cache/adsmith-prerender'),
      // Canonical URLs, Open Graph and the sitemap need the public origin: set it when building for a domain.
      siteUrl: process.env.ADSMITH_SITE_URL ?? 'https://adsmith.app',
    }),
  ],
  // tsconfig.json's `paths`, which Vite does not read.
  resolve: {
    alias: [
      { find: '@web', replacement: path.join(webRoot, 'src') },
      { find: '@shared', replacement: path.join(repoRoot, 'shared') },
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  // satori (the graphics renderer) reads process.env.SATORI_STANDALONE when it loads. A build replaces
  // process.env; the dev server's dependency optimiser does not, and the graphics editor died in dev
  // with "process is not defined". Undefined is what the build sees too (the bundled yoga is used).
  optimizeDeps: { rolldownOptions: { transform: { define: { 'process.env.SATORI_STANDALONE': 'undefined' } } } },
  server: { proxy: apiProxy, fs: { strict: true, deny: DEV_SERVER_DENY } },
  preview: { proxy: apiProxy },
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
    // Maps for decoding error reports, but never served: no sourceMappingURL in the files,
    // and the maps are moved out of dist/ (the deployed folder) into web/sourcemaps/.
    sourcemap: 'hidden',
    // Every browser the site supports has <link rel="modulepreload">; the polyfill was JavaScript on every page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'amplify',
              test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@smithy|@aws-sdk|tslib|js-cookie)[\\/]/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
}));

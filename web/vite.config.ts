import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connect, Plugin } from 'vite';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webRoot, '..');

/**
 * In AWS, CloudFront serves `/config.json` from S3 (written by CDK). Locally there is
 * no bucket, so dev and preview servers read the file the twin writes. It is read on
 * every request so a restarted twin (new pool ids) needs no Vite restart. Never bundled.
 */
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

const apiProxy = {
  '/api': { target: process.env.ADSMITH_API_PROXY ?? 'http://127.0.0.1:3001', changeOrigin: false },
};

export default defineConfig({
  root: webRoot,
  publicDir: path.join(webRoot, 'public'),
  // Nothing from the environment reaches the bundle: runtime config comes from /config.json.
  envPrefix: 'ADSMITH_PUBLIC_',
  plugins: [react(), tailwindcss(), runtimeConfigPlugin()],
  // tsconfig.json's `paths`, which Vite does not read.
  resolve: { alias: { '@web': path.join(webRoot, 'src'), '@shared': path.join(repoRoot, 'shared') } },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
    sourcemap: true,
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
});

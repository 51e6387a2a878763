import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLOUDFRONT_FUNCTION_MAX_BYTES,
  NOT_FOUND_HEADER,
  readSiteManifest,
  siteRoutingSource,
  type SiteManifest,
} from '@infra/cdk/lib/constructs/site-routing';
import { appShellPaths, screenEntries } from '@shared/screens';
import { resolveSitePath } from '@web/prerender/prerender-manifest';
import { buildApp, resourcesOf, type BuiltApp, type CfnJson } from './support/build-app';

interface CfRequest {
  uri: string;
  headers: Record<string, { value: string }>;
}
interface CfResponse {
  statusCode: number;
  statusDescription?: string;
}
type CfHandler = (event: unknown) => CfRequest | CfResponse;

/** CloudFront Functions are plain JavaScript: evaluate the deployed source as CloudFront would call it. */
function load(source: string): CfHandler {
  return new Function(`${source}; return handler;`)() as CfHandler;
}

/** One request through both halves: the URI S3 is asked for, and the status the viewer gets. */
function visit(handler: CfHandler, uri: string): { file: string; status: number } {
  const request = handler({
    version: '1.0',
    context: { eventType: 'viewer-request' },
    request: { method: 'GET', uri, headers: {}, querystring: {}, cookies: {} },
  }) as CfRequest;
  const response = handler({
    version: '1.0',
    context: { eventType: 'viewer-response' },
    request,
    response: { statusCode: 200, statusDescription: 'OK', headers: {} },
  }) as CfResponse;
  return { file: request.uri, status: response.statusCode };
}

const manifest: SiteManifest = {
  pages: ['/', '/about', '/pricing', '/blog', '/blog/facebook-ads-guide-2025', '/facebook-ads-guide-2025'],
  appPaths: ['/auth', '/dashboard', '/campaigns'],
};

describe('CloudFront site routing function', () => {
  const handler = load(siteRoutingSource(manifest));

  it('gives each prerendered path its own HTML, so crawlers get that page', () => {
    expect(visit(handler, '/')).toEqual({ file: '/index.html', status: 200 });
    expect(visit(handler, '/pricing')).toEqual({ file: '/pricing/index.html', status: 200 });
    expect(visit(handler, '/pricing/')).toEqual({ file: '/pricing/index.html', status: 200 });
    expect(visit(handler, '/blog/facebook-ads-guide-2025')).toEqual({
      file: '/blog/facebook-ads-guide-2025/index.html',
      status: 200,
    });
    expect(visit(handler, '/facebook-ads-guide-2025')).toEqual({
      file: '/facebook-ads-guide-2025/index.html',
      status: 200,
    });
  });

  it('serves the SPA shell for signed-in routes and their sub-paths', () => {
    expect(visit(handler, '/dashboard')).toEqual({ file: '/app.html', status: 200 });
    expect(visit(handler, '/auth/meta/callback')).toEqual({ file: '/app.html', status: 200 });
    expect(visit(handler, '/campaigns/123/edit')).toEqual({ file: '/app.html', status: 200 });
  });

  it('answers unknown paths with the not-found page and a real 404', () => {
    expect(visit(handler, '/no-such-page')).toEqual({ file: '/404.html', status: 404 });
    expect(visit(handler, '/blog/no-such-post')).toEqual({ file: '/404.html', status: 404 });
    // A prefix that only looks like an app path is not one.
    expect(visit(handler, '/dashboards')).toEqual({ file: '/404.html', status: 404 });
  });

  it('leaves files alone (assets, config.json, sitemap)', () => {
    for (const file of ['/assets/index-abc123.js', '/config.json', '/sitemap.xml', '/robots.txt', '/favicon.svg']) {
      expect(visit(handler, file)).toEqual({ file, status: 200 });
    }
  });

  it('never turns an error from S3 into something else', () => {
    const response = handler({
      context: { eventType: 'viewer-response' },
      request: { uri: '/assets/gone.js', headers: {} },
      response: { statusCode: 403, headers: {} },
    }) as CfResponse;
    expect(response.statusCode).toBe(403);
  });

  it('sets the 404 whether the response half sees the rewritten request or the original one', () => {
    const original = { uri: '/no-such-page', headers: {} };
    const asViewerSent = handler({
      context: { eventType: 'viewer-response' },
      request: original,
      response: { statusCode: 200, headers: {} },
    }) as CfResponse;
    expect(asViewerSent.statusCode).toBe(404);
    const rewritten = handler({ context: { eventType: 'viewer-request' }, request: { ...original } }) as CfRequest;
    expect(rewritten.headers[NOT_FOUND_HEADER]).toEqual({ value: '1' });
  });

  it('agrees with the preview server (resolveSitePath) on every sample path', () => {
    const samples = [
      ...manifest.pages,
      ...manifest.pages.map((p) => `${p}/`),
      '/dashboard',
      '/dashboard/x',
      '/auth',
      '/nope',
      '/blog/nope',
      '/about/team',
    ];
    const preview = { siteUrl: 'https://adsmith.app', ...manifest };
    for (const uri of samples) {
      const expected = resolveSitePath(uri, preview);
      expect(visit(handler, uri), uri).toEqual({ file: `/${expected.file}`, status: expected.status });
    }
  });

  it('refuses to synth a function over CloudFront’s 10 KB code limit', () => {
    const huge = {
      pages: Array.from({ length: 400 }, (_, i) => `/blog/a-rather-long-post-slug-number-${i}`),
      appPaths: [],
    };
    expect(() => siteRoutingSource(huge)).toThrow(/KeyValueStore/);
    expect(Buffer.byteLength(siteRoutingSource(manifest))).toBeLessThan(CLOUDFRONT_FUNCTION_MAX_BYTES);
  });
});

describe('CloudFront site routing, from the screens table', () => {
  // What the build writes (web/src/prerender/render-page.tsx): the public screens' pages, the table's app-shell paths.
  const publicScreens = screenEntries.filter((screen) => screen.access === 'public');
  const handler = load(
    siteRoutingSource({ pages: publicScreens.map((screen) => screen.path), appPaths: appShellPaths() }),
  );

  it.each(screenEntries.filter((screen) => screen.access !== 'public').map((screen) => [screen.key, screen.path]))(
    'serves the signed-in screen %s (%s) the app shell with a 200',
    (_key, path) => {
      expect(visit(handler, path.replace(/:[a-z]+/gi, 'abc123'))).toEqual({ file: '/app.html', status: 200 });
    },
  );

  it('serves every public screen its own prerendered page', () => {
    for (const { path } of publicScreens) {
      expect(visit(handler, path), path).toEqual({
        file: path === '/' ? '/index.html' : `${path}/index.html`,
        status: 200,
      });
    }
  });
});

describe('edge stack with a web build', () => {
  let distDir: string;
  let built: BuiltApp;

  beforeAll(() => {
    distDir = mkdtempSync(join(tmpdir(), 'adsmith-web-dist-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Adsmith</title>');
    writeFileSync(join(distDir, 'prerendered.json'), JSON.stringify({ siteUrl: 'https://adsmith.app', ...manifest }));
    built = buildApp({ webDistDir: distDir });
  });
  afterAll(() => {
    built?.cleanup();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('compiles the build’s page list into the deployed function', () => {
    const [[, fn]] = resourcesOf(built.templates.edge, 'AWS::CloudFront::Function') as [[string, CfnJson]];
    const deployed = load(fn.Properties.FunctionCode as string);
    expect(visit(deployed, '/facebook-ads-guide-2025')).toEqual({
      file: '/facebook-ads-guide-2025/index.html',
      status: 200,
    });
    expect(visit(deployed, '/dashboard')).toEqual({ file: '/app.html', status: 200 });
    expect(visit(deployed, '/missing')).toEqual({ file: '/404.html', status: 404 });
  });

  it('rejects a malformed manifest instead of deploying a broken router', () => {
    const bad = mkdtempSync(join(tmpdir(), 'adsmith-web-dist-'));
    try {
      writeFileSync(join(bad, 'prerendered.json'), JSON.stringify({ pages: 'everything' }));
      expect(() => readSiteManifest(bad)).toThrow(/not a site manifest/);
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';

/**
 * What the web build says about its HTML files (`web/dist/prerendered.json`): the public
 * paths that have their own prerendered page, and the path prefixes of the signed-in app,
 * which get the SPA shell (`app.html`): the screens table's (shared/screens.ts `appShellPaths`). Anything else is the not-found page with a 404.
 * The preview server applies the same rule (web/src/prerender/prerender-manifest.ts).
 */
export const SiteManifestSchema = z.object({
  pages: z.array(z.string().regex(/^\/[^?#\s]*$/)).min(1),
  appPaths: z.array(z.string().regex(/^\/[^?#\s]*$/)),
});
export type SiteManifest = z.infer<typeof SiteManifestSchema>;

/** The build's manifest, or undefined when there is no build (the placeholder page is deployed). */
export function readSiteManifest(distDir: string | undefined): SiteManifest | undefined {
  if (!distDir) return undefined;
  const file = join(distDir, 'prerendered.json');
  if (!existsSync(file)) return undefined;
  const parsed = SiteManifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a site manifest: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** CloudFront Functions refuse code over 10 KB; the page list grows with the blog. */
export const CLOUDFRONT_FUNCTION_MAX_BYTES = 10_240;

/** Set on the request by the viewer-request half, read by the viewer-response half. */
export const NOT_FOUND_HEADER = 'x-adsmith-not-found';

/**
 * The source of the CloudFront Function (cloudfront-js-2.0, ES5 syntax) on the default
 * behaviour, associated with both viewer events:
 * - viewer request: a path whose last segment has a dot is a file and passes through; a
 *   prerendered page gets its own `…/index.html`, so crawlers and first visits get that page's
 *   HTML; a signed-in app path gets `app.html`; anything else `404.html`, marked by a header.
 * - viewer response: the marked requests leave with 404 (S3 answered the file with 200). The
 *   route is also re-checked from the URI, so this holds whether CloudFront hands this half the
 *   rewritten request or the viewer's original one.
 *   Custom error responses cannot do this: they apply to every behaviour, /api/* included.
 * The page list is a lookup object compiled in, so a request costs one property read;
 * without a build (placeholder deploy) every extension-less path gets index.html.
 */
export function siteRoutingSource(manifest: SiteManifest | undefined): string {
  const pages: Record<string, 1> = {};
  for (const page of manifest?.pages ?? []) pages[page] = 1;
  const source = `var PAGES = ${JSON.stringify(pages)};
var APP_PATHS = ${JSON.stringify(manifest?.appPaths ?? [])};
var HAS_BUILD = ${manifest ? 'true' : 'false'};
function route(uri) {
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return { uri: uri, status: 200 };
  if (!HAS_BUILD) return { uri: '/index.html', status: 200 };
  var clean = uri.length > 1 ? uri.replace(/\\/+$/, '') : uri;
  if (PAGES[clean] === 1) return { uri: clean === '/' ? '/index.html' : clean + '/index.html', status: 200 };
  for (var i = 0; i < APP_PATHS.length; i++) {
    if (clean === APP_PATHS[i] || clean.indexOf(APP_PATHS[i] + '/') === 0) return { uri: '/app.html', status: 200 };
  }
  return { uri: '/404.html', status: 404 };
}
function handler(event) {
  var request = event.request;
  if (event.context && event.context.eventType === 'viewer-response') {
    var response = event.response;
    var marked = request.headers && request.headers['${NOT_FOUND_HEADER}'];
    if (response.statusCode === 200 && (marked || request.uri === '/404.html' || route(request.uri).status === 404)) {
      response.statusCode = 404;
      response.statusDescription = 'Not Found';
    }
    return response;
  }
  var target = route(request.uri);
  request.uri = target.uri;
  if (target.status === 404) request.headers['${NOT_FOUND_HEADER}'] = { value: '1' };
  return request;
}`;
  const bytes = Buffer.byteLength(source, 'utf8');
  if (bytes > CLOUDFRONT_FUNCTION_MAX_BYTES) {
    throw new Error(
      `The site routing function is ${bytes} bytes, over CloudFront's ${CLOUDFRONT_FUNCTION_MAX_BYTES}: move the page list to a CloudFront KeyValueStore`,
    );
  }
  return source;
}

/** dist/prerendered.json: which paths have their own HTML; read by the preview server and CDK. */
export interface PrerenderManifest {
  siteUrl: string;
  /** Public paths with their own prerendered file. */
  pages: string[];
  /** Path prefixes of the signed-in app: served the SPA shell. */
  appPaths: readonly string[];
}

/** The file (relative to dist) and status for a request path: the hosting rule, declared once. */
export function resolveSitePath(url: string, manifest: PrerenderManifest): { file: string; status: number } {
  const clean = url.length > 1 ? url.replace(/\/+$/, '') : url;
  if (manifest.pages.includes(clean))
    return { file: clean === '/' ? 'index.html' : `${clean.slice(1)}/index.html`, status: 200 };
  if (manifest.appPaths.some((prefix) => clean === prefix || clean.startsWith(`${prefix}/`))) {
    return { file: 'app.html', status: 200 };
  }
  return { file: '404.html', status: 404 };
}

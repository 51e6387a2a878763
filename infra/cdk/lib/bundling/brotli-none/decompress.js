/**
 * Stands in for `brotli/decompress.js` inside Lambda bundles. fontkit (pdfkit's font engine) loads it at start to
 * read WOFF2 fonts; the report PDFs draw with the standard Helvetica (no font embedded), so it is 475 KB never run.
 * A WOFF2 font reaching it fails loudly instead of silently.
 */
export default function decompress() {
  throw new Error('brotli-none: WOFF2 fonts are not supported in Lambda bundles (see infra/cdk/lib/bundling).');
}

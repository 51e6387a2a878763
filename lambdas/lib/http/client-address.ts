/**
 * The visitor's address. Behind CloudFront the API sees CloudFront's address as
 * the source; CloudFront appends the viewer's address to X-Forwarded-For, so the
 * last entry that is not the immediate peer is the viewer (earlier entries are
 * whatever the client claimed, and are ignored).
 */
export function clientAddress(sourceIp: string, forwardedFor: string | undefined): string {
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (hops.at(-1) === sourceIp) hops.pop();
  return hops.at(-1) ?? sourceIp;
}

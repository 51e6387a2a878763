import { VIEWER_ADDRESS_HEADER } from '@shared/streaming-headers';
import { isIpAddress } from './address-block';

/**
 * The visitor's IP address, for the per-IP limit. In AWS the function URL is reached only through CloudFront
 * (origin access control, auth type AWS_IAM), so the request's source address is a CloudFront server's and the
 * visitor's is in CloudFront-Viewer-Address: `ip:port`, an IPv6 address without brackets (the port is after the
 * last colon). Without that header (the twin calls the function directly) the source address is the visitor's.
 * X-Forwarded-For is not read: its first entries are whatever the visitor chose to send.
 */
export function viewerIp(headers: Record<string, string | undefined> | undefined, sourceIp: string): string {
  const address = headers?.[VIEWER_ADDRESS_HEADER]?.trim();
  if (!address) return sourceIp;
  const colon = address.lastIndexOf(':');
  const ip = colon > 0 && /^\d{1,5}$/.test(address.slice(colon + 1)) ? address.slice(0, colon) : '';
  // Something else than `ip:port` is not CloudFront's: fall back rather than key the limit on arbitrary text.
  return isIpAddress(ip) ? ip : sourceIp;
}

import { describe, expect, it } from 'vitest';
import { viewerIp } from '@lambdas/lib/streaming/viewer-ip';

describe('the visitor’s address for the per-IP limit', () => {
  it('reads CloudFront-Viewer-Address, IPv4 and IPv6 (no brackets), without the port', () => {
    expect(viewerIp({ 'cloudfront-viewer-address': '198.51.100.10:46532' }, '130.176.0.1')).toBe('198.51.100.10');
    expect(viewerIp({ 'cloudfront-viewer-address': '2001:db8:85a3::8a2e:370:7334:46532' }, '130.176.0.1')).toBe(
      '2001:db8:85a3::8a2e:370:7334',
    );
  });

  it('falls back to the source address without the header (the twin) or when it is not ip:port', () => {
    expect(viewerIp({}, '127.0.0.1')).toBe('127.0.0.1');
    expect(viewerIp(undefined, '127.0.0.1')).toBe('127.0.0.1');
    expect(viewerIp({ 'cloudfront-viewer-address': 'not an address' }, '127.0.0.1')).toBe('127.0.0.1');
    expect(viewerIp({ 'cloudfront-viewer-address': '198.51.100.10' }, '127.0.0.1')).toBe('127.0.0.1');
    // Shaped like ip:port but not an address.
    expect(viewerIp({ 'cloudfront-viewer-address': '198.51.100.999:443' }, '127.0.0.1')).toBe('127.0.0.1');
    expect(viewerIp({ 'cloudfront-viewer-address': ':::::::443' }, '127.0.0.1')).toBe('127.0.0.1');
  });

  it('never reads X-Forwarded-For, whose first entries the visitor chooses', () => {
    expect(viewerIp({ 'x-forwarded-for': '203.0.113.9, 198.51.100.10' }, '130.176.0.1')).toBe('130.176.0.1');
  });
});

import { describe, expect, it } from 'vitest';
import { clientAddress } from '@lambdas/lib/http/client-address';

describe('clientAddress', () => {
  it('takes the viewer CloudFront appended, not what the client claimed before it', () => {
    expect(clientAddress('130.176.1.1', '6.6.6.6, 203.0.113.7, 130.176.1.1')).toBe('203.0.113.7');
    expect(clientAddress('130.176.1.1', '203.0.113.7')).toBe('203.0.113.7');
  });

  it('falls back to the source address when there is no forwarded chain', () => {
    expect(clientAddress('198.51.100.2', undefined)).toBe('198.51.100.2');
    expect(clientAddress('198.51.100.2', ' , ')).toBe('198.51.100.2');
    expect(clientAddress('198.51.100.2', '198.51.100.2')).toBe('198.51.100.2');
  });
});

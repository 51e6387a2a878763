import { describe, expect, it } from 'vitest';
import { addressBlock } from '@lambdas/lib/streaming/address-block';

describe('the block of addresses one visitor holds', () => {
  it('is the /64 prefix for IPv6, whatever the written form', () => {
    const block = addressBlock('2001:db8:85a3:12::8a2e:370:7334');
    expect(block).toBe('ipv6/64:2001:db8:85a3:12');
    expect(addressBlock('2001:0DB8:85A3:0012:ffff:ffff:ffff:ffff')).toBe(block);
    expect(addressBlock('2001:db8:85a3:12::')).toBe(block);
    expect(addressBlock('2001:db8:85a3:13::1')).not.toBe(block);
    expect(addressBlock('2001:db8:85a3:12:0:0:0:1')).toBe(block);
    expect(addressBlock('::')).toBe('ipv6/64:0:0:0:0');
    expect(addressBlock('::1')).toBe('ipv6/64:0:0:0:0');
    expect(addressBlock('fe80::1%eth0')).toBe('ipv6/64:fe80:0:0:0');
    expect(addressBlock('2001:db8:85a3:12::198.51.100.10')).toBe(block);
  });

  it('is the address itself for IPv4, including IPv4-mapped IPv6 forms', () => {
    expect(addressBlock('198.51.100.10')).toBe('ipv4:198.51.100.10');
    expect(addressBlock('::ffff:198.51.100.10')).toBe('ipv4:198.51.100.10');
    expect(addressBlock('::FFFF:c633:640a')).toBe('ipv4:198.51.100.10');
    expect(addressBlock('0:0:0:0:0:ffff:198.51.100.10')).toBe('ipv4:198.51.100.10');
    expect(addressBlock('::ffff:0:c633:640a')).toMatch(/^ipv6\/64:/);
    expect(addressBlock('198.51.100.11')).not.toBe(addressBlock('198.51.100.10'));
  });

  it('is nothing for text that is not an address', () => {
    for (const text of [
      '',
      'localhost',
      '1.2.3.999',
      '2001:db8::1::2',
      '::ffff:1.2.3',
      '01.2.3.4x',
      '1.2.3',
      '1.2.3.04',
      '1:2:3:4:5:6:7:8:9',
      ':::1',
      'g::1',
    ]) {
      expect(addressBlock(text)).toBeUndefined();
    }
  });
});

import ipaddr from 'ipaddr.js';

/** The leading 16-bit groups of an IPv6 address that name its /64. */
const IPV6_PREFIX_GROUPS = 4;

/**
 * The block of addresses one visitor holds, which the per-address chat limit counts: the address itself for IPv4,
 * its /64 for IPv6. An ISP or a host hands one customer a whole /64 (or more), and SLAAC privacy addresses rotate
 * within it (RFC 4941; RFC 6177 on /64 as the smallest end-site assignment), so counting per full IPv6 address
 * would let one visitor rotate to unlimited answers. IPv4-mapped IPv6 forms (`::ffff:a.b.c.d`, RFC 4291 §2.5.5.2)
 * are the IPv4 address. IPv4 is counted per address, not per /24: many people already share one NAT address.
 * Undefined for text that is not an address (ipaddr.js parses; IPv4 only in its four-part decimal form).
 */
export function addressBlock(text: string): string | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return `ipv4:${ipaddr.IPv4.parse(text).toString()}`;
  if (!ipaddr.IPv6.isValid(text)) return undefined;
  const address = ipaddr.IPv6.parse(text);
  if (address.isIPv4MappedAddress()) return `ipv4:${address.toIPv4Address().toString()}`;
  return `ipv6/64:${address.parts
    .slice(0, IPV6_PREFIX_GROUPS)
    .map((group) => group.toString(16))
    .join(':')}`;
}

/** Whether text is an IP address (as addressBlock reads one). */
export function isIpAddress(text: string): boolean {
  return addressBlock(text) !== undefined;
}

import { isIPv4, isIPv6 } from 'node:net';

/** The leading 16-bit groups of an IPv6 address that name its /64. */
const IPV6_PREFIX_GROUPS = 4;

/**
 * The block of addresses one visitor holds, which the per-address chat limit counts: the address itself for IPv4,
 * its /64 for IPv6. An ISP or a host hands one customer a whole /64 (or more), and SLAAC privacy addresses rotate
 * within it (RFC 4941; RFC 6177 on /64 as the smallest end-site assignment), so counting per full IPv6 address
 * would let one visitor rotate to unlimited answers. IPv4-mapped IPv6 forms (`::ffff:a.b.c.d`, RFC 4291 §2.5.5.2)
 * are the IPv4 address. IPv4 is counted per address, not per /24: many people already share one NAT address.
 * Undefined for text that is not an address. Node's own `net.isIPv4`/`isIPv6` decide what is one (IPv4 only in its
 * four-part decimal form without leading zeros), so no address library is loaded at init (ipaddr.js was 12.5 KB and
 * ~3 ms CPU of the agent's and the chat's cold start, for a check each request makes once).
 */
export function addressBlock(text: string): string | undefined {
  if (isIPv4(text)) return `ipv4:${text}`;
  if (!isIPv6(text)) return undefined;
  const groups = ipv6Groups(text);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return `ipv4:${[groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.')}`;
  return `ipv6/64:${groups
    .slice(0, IPV6_PREFIX_GROUPS)
    .map((group) => group.toString(16))
    .join(':')}`;
}

/** Whether text is an IP address (as addressBlock reads one). */
export function isIpAddress(text: string): boolean {
  return addressBlock(text) !== undefined;
}

/**
 * The eight 16-bit groups of an address `isIPv6` accepted: `::` expanded to the zero groups it stands for, a trailing
 * dotted IPv4 part read as the last two groups (RFC 4291 §2.2), a zone (`%eth0`) left out.
 */
function ipv6Groups(text: string): number[] {
  const address = text.split('%')[0]!;
  const groupsOf = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const gap = address.indexOf('::');
  if (gap < 0) return groupsOf(address);
  const left = groupsOf(address.slice(0, gap));
  const right = groupsOf(address.slice(gap + 2));
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

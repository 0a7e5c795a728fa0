import { BlockList, isIP } from "node:net";

/**
 * Addresses an outgoing request (webhooks) must never reach: loopback, private, carrier-grade
 * NAT, link-local (cloud metadata at 169.254.169.254), multicast, documentation and reserved
 * ranges, in IPv4 and IPv6 (IPv4-mapped IPv6 is checked as the IPv4 it maps).
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(net, bits, "ipv4");
}
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(net, bits, "ipv6");
}

/** The eight 16-bit groups of an IPv6 literal (a trailing dotted IPv4 counts as two). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

/**
 * True when `address` (an IP literal) is one an outgoing request may reach. IPv6 must be global
 * unicast (2000::/3, minus the special ranges above): so the IPv4-compatible `::/96`
 * (`[::127.0.0.1]`), the IPv4-translated `::ffff:0:0/96` (`[::ffff:0:127.0.0.1]`) and every
 * other reserved prefix are refused. IPv4-mapped `::ffff:a.b.c.d`, in either spelling, is
 * checked as the IPv4 it maps.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  if (groups.length !== 8) return false;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [hi, lo] = [groups[6], groups[7]];
    return isPublicAddress(`${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`);
  }
  const globalUnicast = (groups[0] & 0xe000) === 0x2000;
  return globalUnicast && !blocked.check(address, "ipv6");
}

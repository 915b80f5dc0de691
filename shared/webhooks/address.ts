import { isIP } from 'node:net';

// Which IP addresses a webhook may not reach unless the operator allows private targets: a
// webhook is a request the service makes on a caller's behalf, so without this a caller could
// make it probe the network it runs in (loopback services, the cloud metadata endpoint at
// 169.254.169.254, databases on private addresses).

type Range = [prefix: number[], bits: number, kind: string];

// IPv4 ranges as [first octets], prefix length, what they are.
const V4: Range[] = [
  [[0], 8, 'unspecified'],
  [[10], 8, 'private'],
  [[100, 64], 10, 'shared (CGNAT)'],
  [[127], 8, 'loopback'],
  [[169, 254], 16, 'link-local'],
  [[172, 16], 12, 'private'],
  [[192, 0, 0], 24, 'reserved'],
  [[192, 168], 16, 'private'],
  [[198, 18], 15, 'reserved'],
  [[224], 4, 'multicast'],
  [[240], 4, 'reserved'],
];

// IPv6 ranges as [first bytes], prefix length, what they are (:: and ::1 are handled apart).
const V6: Range[] = [
  [[0xfc], 7, 'unique-local'],
  [[0xfe, 0x80], 10, 'link-local'],
  [[0xfe, 0xc0], 10, 'site-local'],
  [[0xff], 8, 'multicast'],
];

function inRange(bytes: number[], [prefix, bits]: Range): boolean {
  for (let i = 0; i * 8 < bits; i++) {
    const take = Math.min(8, bits - i * 8);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[i] & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

function v4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (with or without an embedded dotted IPv4 tail). */
export function v6Bytes(address: string): number[] {
  let text = address.toLowerCase().split('%')[0];
  let tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail = v4Bytes(dotted[1]);
    text = text.slice(0, -dotted[1].length) + (text.endsWith(`:${dotted[1]}`) ? '0:0' : '');
  }
  const [head, rest] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').filter((g) => g !== '') : []);
  const left = groups(head);
  const right = groups(rest);
  const missing = 8 - left.length - right.length;
  const all = rest === undefined ? left : [...left, ...Array<string>(missing).fill('0'), ...right];
  const bytes = all.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

function v4Kind(address: string): string | null {
  const bytes = v4Bytes(address);
  if (bytes.every((b) => b === 255)) return 'broadcast';
  return V4.find((r) => inRange(bytes, r))?.[2] ?? null;
}

function v6Kind(address: string): string | null {
  const bytes = v6Bytes(address);
  const zeros = (n: number) => bytes.slice(0, n).every((b) => b === 0);
  if (zeros(16)) return 'unspecified';
  if (zeros(15) && bytes[15] === 1) return 'loopback';
  const embedded = bytes.slice(12).join('.');
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d)
  // addresses reach the IPv4 address inside them.
  if (zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4Kind(embedded);
  if (zeros(12)) return v4Kind(embedded);
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && bytes.slice(4, 12).every((b) => b === 0)) {
    return v4Kind(embedded);
  }
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4Kind(bytes.slice(2, 6).join('.')); // 6to4
  return V6.find((r) => inRange(bytes, r))?.[2] ?? null;
}

/**
 * What kind of non-public address `address` is ("loopback", "private", "link-local", ...), or
 * null when it is an ordinary public address. `address` is an IP literal (IPv6 without brackets).
 */
export function nonPublicKind(address: string): string | null {
  const family = isIP(address);
  if (family === 4) return v4Kind(address);
  if (family === 6) return v6Kind(address);
  return 'invalid';
}

/** A URL's hostname as an IP literal (IPv6 brackets removed), or null when it is a name. */
export function ipLiteral(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

/** Names that always mean this machine (RFC 6761), whatever a resolver says. */
export function isLocalhostName(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.+$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}

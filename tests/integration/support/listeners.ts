import { readFileSync } from 'node:fs';

// Who may connect to a port: the addresses its listening sockets are bound to,
// read from /proc/net (Linux) as `ss -ltn` shows them.

function decodeIpv4(hex: string): string {
  // /proc/net/tcp prints the address as a little-endian 32-bit number.
  return [6, 4, 2, 0].map((i) => parseInt(hex.slice(i, i + 2), 16)).join('.');
}

function decodeIpv6(hex: string): string {
  const words: string[] = [];
  for (let i = 0; i < 32; i += 8) {
    const word = hex.slice(i, i + 8);
    // Each 32-bit word is little-endian too.
    const bytes = [6, 4, 2, 0].map((j) => word.slice(j, j + 2)).join('');
    words.push(bytes.slice(0, 4), bytes.slice(4, 8));
  }
  const v4mapped = words.slice(0, 5).every((w) => w === '0000') && words[5].toLowerCase() === 'ffff';
  if (v4mapped) return `::ffff:${decodeIpv4(hex.slice(24))}`;
  return words.map((w) => w.replace(/^0+(?=.)/, '')).join(':');
}

/** Addresses bound by sockets listening on `port` (0.0.0.0 or :: means every interface). */
export function listeningAddresses(port: number): string[] {
  const out: string[] = [];
  for (const [file, decode] of [
    ['/proc/net/tcp', decodeIpv4],
    ['/proc/net/tcp6', decodeIpv6],
  ] as const) {
    let lines: string[];
    try {
      lines = readFileSync(file, 'utf8').trim().split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const [, local, , state] = line.trim().split(/\s+/);
      const [address, hexPort] = local.split(':');
      if (state === '0A' && parseInt(hexPort, 16) === port) out.push(decode(address));
    }
  }
  return out;
}

export function isLoopback(address: string): boolean {
  return /^127\./.test(address) || /^::ffff:127\./.test(address) || address === '0:0:0:0:0:0:0:1';
}

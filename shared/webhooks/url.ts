// Which webhook URLs are acceptable, as far as the URL itself tells: http(s) only, never this
// service itself (a webhook pointing back at the API would let a caller make the service call its
// own endpoints), and, unless private targets are allowed, no loopback, private or link-local
// address literal and no localhost name. Names are resolved and checked by ./target.ts.
import { config } from '../platform/config';
import { ipLiteral, isLocalhostName, nonPublicKind } from './address';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0', '[::]']);

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : '80';
}

function normalizeHost(host: string, protocol: string): string {
  const h = host.trim().toLowerCase();
  if (h === '') return h;
  // "example.com" -> "example.com:80"/":443"; keep explicit ports; IPv6 stays bracketed.
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(h);
  if (!m) return h;
  return `${m[1]}:${m[2] ?? defaultPort(protocol)}`;
}

function isLoopback(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return LOOPBACK.has(h) || /^127\./.test(h) || h.endsWith('.localhost');
}

/**
 * The host[:port] values this service answers on, beyond the Host header of the request: the
 * local stack's API port on every loopback name (WAYMARK_PORT, default 3000).
 */
export function localSelfHosts(): string[] {
  const port = process.env.WAYMARK_PORT && process.env.WAYMARK_PORT !== '' ? process.env.WAYMARK_PORT : '3000';
  return ['localhost', '127.0.0.1', '[::1]', '0.0.0.0'].map((h) => `${h}:${port}`);
}

/** Why a host of that kind is refused (the 400's rule). */
export function privateTargetRule(kind: string, address: string): string {
  return `must not point at a ${kind} address (${address}); webhooks reach public addresses only`;
}

/**
 * Why the hostname of a parsed URL is refused without any lookup (an address literal or a
 * localhost name), or null. `allowPrivate` lifts the rule.
 */
export function literalHostProblem(hostname: string, allowPrivate: boolean): string | null {
  if (allowPrivate) return null;
  if (isLocalhostName(hostname)) return privateTargetRule('loopback', hostname);
  const ip = ipLiteral(hostname);
  const kind = ip && nonPublicKind(ip);
  return kind ? privateTargetRule(kind, ip) : null;
}

/**
 * Why `url` cannot be a webhook target, or null when it can, judged from the URL alone.
 * `selfHosts` are host[:port] values; `allowPrivate` (WAYMARK_WEBHOOK_ALLOW_PRIVATE) admits
 * loopback, private and link-local targets.
 */
export function webhookUrlProblem(url: string, selfHosts: string[], allowPrivate = config.webhookAllowPrivate()): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute http(s) URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'must be an http or https URL';
  if (parsed.username || parsed.password) return 'must not carry credentials';
  const target = normalizeHost(parsed.host, parsed.protocol);
  const targetPort = target.slice(target.lastIndexOf(':') + 1);
  for (const self of selfHosts) {
    if (!self) continue;
    for (const protocol of ['http:', 'https:']) {
      const s = normalizeHost(self, protocol);
      if (s === target) return 'must not point at this service';
      const sHost = s.slice(0, s.lastIndexOf(':'));
      const sPort = s.slice(s.lastIndexOf(':') + 1);
      if (isLoopback(sHost) && isLoopback(parsed.hostname) && sPort === targetPort) return 'must not point at this service';
    }
  }
  return literalHostProblem(parsed.hostname, allowPrivate);
}

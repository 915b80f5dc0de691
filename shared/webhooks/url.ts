// Which webhook URLs are acceptable: http(s) only, and never this service itself (a webhook
// pointing back at the API would let a caller make the service call its own endpoints).

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

/** Why `url` cannot be a webhook target, or null when it can. `selfHosts` are host[:port] values. */
export function webhookUrlProblem(url: string, selfHosts: string[]): string | null {
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
  return null;
}

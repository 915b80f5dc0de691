import { randomBytes } from 'node:crypto';
import { hashApiKey, sameDigest } from '../auth/keys';
import { isValidName, type Principal } from '../auth/model';
import { unauthorized } from '../platform/errors';
import type { DispatchStore } from './store';

// A driver token opens one dispatched route to its driver (the driver's page, or a driver app)
// without handing out an API key: "wmd_<space>.<routeId>.<secret>". The space and route id say
// where to look; only the secret's SHA-256 is stored, on the route, so a token is checked with
// the one read that loads the route anyway, and it dies with the route.

export const DRIVER_TOKEN_PREFIX = 'wmd_';

export const isDriverToken = (key: string | undefined): key is string => typeof key === 'string' && key.startsWith(DRIVER_TOKEN_PREFIX);

export function issueDriverToken(space: string, routeId: string): { token: string; hash: string } {
  const secret = randomBytes(18).toString('base64url');
  return { token: `${DRIVER_TOKEN_PREFIX}${Buffer.from(space).toString('base64url')}.${routeId}.${secret}`, hash: hashApiKey(secret) };
}

function parse(token: string): { space: string; routeId: string; secret: string } | null {
  const parts = token.slice(DRIVER_TOKEN_PREFIX.length).split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]{1,160}$/.test(p))) return null;
  const space = Buffer.from(parts[0], 'base64url').toString();
  const [org, namespace, extra] = space.split('|');
  if (extra !== undefined || !isValidName(org ?? '') || (namespace !== '' && !isValidName(namespace ?? ''))) return null;
  return { space, routeId: parts[1], secret: parts[2] };
}

/** The caller a driver token stands for, or 401 (`onUnknown` told) when it opens no route. */
export async function driverPrincipal(store: Pick<DispatchStore, 'getRoute'>, token: string, onUnknown?: () => void): Promise<Principal> {
  const parsed = parse(token);
  const route = parsed ? await store.getRoute(parsed.space, parsed.routeId) : null;
  if (!parsed || !route || route.id !== parsed.routeId || !sameDigest(route.driver_token_hash, hashApiKey(parsed.secret))) {
    onUnknown?.();
    throw unauthorized('key: this driver token opens no route');
  }
  const [org, namespace] = parsed.space.split('|');
  return {
    keyHash: hashApiKey(token),
    org,
    namespace: namespace || null,
    space: parsed.space,
    isRoot: false,
    services: ['tracking'],
    quotas: {},
    route: route.id,
  };
}

import type { MiddlewareObj } from '@middy/core';
import { authenticate } from '../../../shared/auth/authorize';
import { hashApiKey } from '../../../shared/auth/keys';
import type { Service } from '../../../shared/auth/model';
import type { KeyStore } from '../../../shared/auth/key-store';
import type { UnknownKeyGuard } from '../../../shared/auth/unknown-keys';
import { config } from '../../../shared/platform/config';
import type { Principal } from '../../../shared/auth/model';
import { isDriverToken } from '../../../shared/dispatch/driver-token';
import { tooManyRequests, unauthorized } from '../../../shared/platform/errors';
import type { HttpRequest } from '../context';

// Resolves the caller. A source address that has just presented too many keys that do not exist
// is answered 429 without any lookup (see shared/auth/unknown-keys.ts), except for a key this
// process already holds as found: a real caller sharing the address (a NAT, a proxy) keeps
// working wherever its key is warm, at no read.
export interface KeyAuthDeps {
  store: () => KeyStore;
  guard: () => UnknownKeyGuard;
  /** Whether a key (by hash) is known here without a read. */
  cached: (hash: string) => boolean;
  /** Set on operations a dispatched route's driver token may call: resolves such a token. */
  driverTokens?: (token: string, onUnknown: () => void) => Promise<Principal>;
}

export function keyAuth(deps: KeyAuthDeps, service: Service | null): MiddlewareObj {
  const { store, guard } = deps;
  return {
    before: async (request) => {
      const r = request as unknown as HttpRequest;
      const source = r.event.requestContext?.http?.sourceIp;
      const key = r.event.queryStringParameters?.key;
      const waitMs = guard().blockedFor(source);
      if (waitMs > 0 && !(key && deps.cached(hashApiKey(key)))) {
        throw tooManyRequests('key: too many unknown API keys from this address; try again later', waitMs / 1000);
      }
      const onUnknown = () => guard().noteUnknown(source);
      if (isDriverToken(key)) {
        if (!deps.driverTokens)
          throw unauthorized("key: a driver token opens only its route's driver operations (read the route, complete its steps)");
        r.internal.principal = await deps.driverTokens(key, onUnknown);
        return;
      }
      r.internal.principal = await authenticate(store(), {
        key,
        service,
        region: config.region(),
        now: Date.now() / 1000,
        onUnknown,
      });
    },
  };
}

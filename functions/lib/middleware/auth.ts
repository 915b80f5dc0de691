import type { MiddlewareObj } from '@middy/core';
import { authenticate } from '../../../shared/auth/authorize';
import type { Service } from '../../../shared/auth/model';
import type { KeyStore } from '../../../shared/auth/key-store';
import type { UnknownKeyGuard } from '../../../shared/auth/unknown-keys';
import { config } from '../../../shared/platform/config';
import { tooManyRequests } from '../../../shared/platform/errors';
import type { HttpRequest } from '../context';

// Resolves the caller. A source address that has just presented too many keys that do not exist
// is answered 429 before any lookup (see shared/auth/unknown-keys.ts).
export function keyAuth(store: () => KeyStore, service: Service | null, guard: () => UnknownKeyGuard): MiddlewareObj {
  return {
    before: async (request) => {
      const r = request as unknown as HttpRequest;
      const source = r.event.requestContext?.http?.sourceIp;
      const waitMs = guard().blockedFor(source);
      if (waitMs > 0) throw tooManyRequests('key: too many unknown API keys from this address; try again later', waitMs / 1000);
      r.internal.principal = await authenticate(store(), {
        key: r.event.queryStringParameters?.key,
        service,
        region: config.region(),
        now: Date.now() / 1000,
        onUnknown: () => guard().noteUnknown(source),
      });
    },
  };
}

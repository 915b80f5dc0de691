import type { MiddlewareObj } from '@middy/core';
import { authenticate } from '../../../shared/auth/authorize';
import type { Service } from '../../../shared/auth/model';
import type { KeyStore } from '../../../shared/auth/key-store';
import { config } from '../../../shared/platform/config';
import type { HttpRequest } from '../context';

export function keyAuth(store: () => KeyStore, service: Service | null): MiddlewareObj {
  return {
    before: async (request) => {
      const r = request as unknown as HttpRequest;
      r.internal.principal = await authenticate(store(), {
        key: r.event.queryStringParameters?.key,
        service,
        region: config.region(),
        now: Date.now() / 1000,
      });
    },
  };
}

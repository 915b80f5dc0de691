import type { MiddlewareObj } from '@middy/core';
import type { LimitName } from '../../../shared/auth/model';
import type { RateLimiter } from '../../../shared/ratelimit/limiter';
import type { HttpRequest } from '../context';

export function rateLimit(limiter: () => RateLimiter, name: LimitName): MiddlewareObj {
  return {
    before: async (request) => {
      const r = request as unknown as HttpRequest;
      if (!r.internal.principal) return;
      await limiter().consume(r.internal.principal, name, Date.now());
    },
  };
}

import { CachedKeyStore } from '../../shared/auth/cached-key-store';
import type { KeyStore } from '../../shared/auth/key-store';
import { config } from '../../shared/platform/config';
import { RateLimiter } from '../../shared/ratelimit/limiter';
import { DynamoCounterStore } from '../../shared/ratelimit/dynamo-store';
import { MemoryCounterStore } from '../../shared/ratelimit/memory-store';
import { DynamoKeyStore } from '../../shared/auth/dynamo-store';

// Adapters are built on first use, once per process, after env is set.
let keyStore: KeyStore | undefined;
let limiter: RateLimiter | undefined;

export const deps = {
  keyStore: (): KeyStore => (keyStore ??= new CachedKeyStore(new DynamoKeyStore(), config.keyCacheMs)),
  limiter: (): RateLimiter =>
    (limiter ??= new RateLimiter(config.rateLimitStore() === 'memory' ? new MemoryCounterStore() : new DynamoCounterStore())),
};

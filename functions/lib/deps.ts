import type { KeyStore } from '../../shared/auth/key-store';
import { RateLimiter } from '../../shared/ratelimit/limiter';
import { DynamoCounterStore } from '../../shared/storage/dynamo-counter-store';
import { DynamoKeyStore } from '../../shared/storage/dynamo-key-store';

// Adapters are built on first use, once per process, after env is set.
let keyStore: KeyStore | undefined;
let limiter: RateLimiter | undefined;

export const deps = {
  keyStore: (): KeyStore => (keyStore ??= new DynamoKeyStore()),
  limiter: (): RateLimiter => (limiter ??= new RateLimiter(new DynamoCounterStore())),
};

import { CachedKeyStore } from '../../shared/auth/cached-key-store';
import type { KeyStore } from '../../shared/auth/key-store';
import { config } from '../../shared/platform/config';
import { RateLimiter } from '../../shared/ratelimit/limiter';
import { DynamoCounterStore } from '../../shared/ratelimit/dynamo-store';
import { processCounterStore } from '../../shared/ratelimit/memory-store';
import { DynamoKeyStore } from '../../shared/auth/dynamo-store';
import { UnknownKeyGuard } from '../../shared/auth/unknown-keys';
import type { Principal } from '../../shared/auth/model';
import { DynamoDispatchStore } from '../../shared/dispatch/dynamo-store';
import { driverPrincipal } from '../../shared/dispatch/driver-token';

// Adapters are built on first use, once per process, after env is set.
let keyStore: CachedKeyStore | undefined;
let limiter: RateLimiter | undefined;
let unknownKeys: UnknownKeyGuard | undefined;
let routes: DynamoDispatchStore | undefined;

export const deps = {
  keyStore: (): KeyStore => (keyStore ??= new CachedKeyStore(new DynamoKeyStore(), config.keyCacheMs)),
  /** Whether this process holds a found key's copy (so checking it costs no read). */
  keyCached: (hash: string): boolean => keyStore?.holds(hash) ?? false,
  limiter: (): RateLimiter =>
    (limiter ??= new RateLimiter(config.rateLimitStore() === 'memory' ? processCounterStore() : new DynamoCounterStore())),
  unknownKeys: (): UnknownKeyGuard => (unknownKeys ??= new UnknownKeyGuard(config.unknownKeysPerMinute)),
  /** The caller a dispatched route's driver token stands for (401 when it opens no route). */
  driverTokens: (token: string, onUnknown: () => void): Promise<Principal> =>
    driverPrincipal((routes ??= new DynamoDispatchStore()), token, onUnknown),
};

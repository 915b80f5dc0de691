import { queueEnvVar, queueName, tableEnvVar, tableName } from './resource-names';

// Settings come from the environment, read on use (not at import) so tests and
// the local launcher can set them before the first call. Every name is listed
// in docs/operations/configuration.md.

function env(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

function intSetting(name: string, fallback: number): number {
  const raw = env(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

export const config = {
  stage: (): string => env('WAYMARK_STAGE') ?? 'local',
  /** Region name checked against a key's regions (403 when the key lacks it). */
  region: (): string => env('WAYMARK_REGION') ?? env('AWS_REGION') ?? 'local',
  dynamoEndpoint: (): string | undefined => env('WAYMARK_DYNAMODB_ENDPOINT'),
  sqsEndpoint: (): string | undefined => env('WAYMARK_SQS_ENDPOINT'),
  /** Seconds before a new namespaced key works, and before a deleted one stops working. */
  keyActivationDelaySeconds: (): number => intSetting('WAYMARK_KEY_DELAY_SECONDS', 900),
  /** Milliseconds a function instance reuses a key it looked up (never longer than the key delay). */
  keyCacheMs: (): number => Math.min(intSetting('WAYMARK_KEY_CACHE_MS', 10_000), config.keyActivationDelaySeconds() * 1000),
  /** Largest request body accepted, in bytes (Lambda's own synchronous limit is 6 MB). */
  maxBodyBytes: (): number => intSetting('WAYMARK_MAX_BODY_BYTES', 6 * 1024 * 1024),
  /** Largest request body once a `Content-Encoding: gzip` body is inflated, in bytes. */
  maxDecodedBodyBytes: (): number => intSetting('WAYMARK_MAX_DECODED_BODY_BYTES', 32 * 1024 * 1024),
  /** How far in the future (ms) an uploaded location's timestamp may lie. */
  maxFutureSkewMs: (): number => intSetting('WAYMARK_MAX_FUTURE_SKEW_MS', 5 * 60 * 1000),
  /** Folder of road network artefacts (.wmrg, .wmrg.gz) to load; unset: no road network. */
  networkDir: (): string | undefined => env('WAYMARK_NETWORK_DIR'),
  /** S3 bucket the road networks are published to (`npm run network -- publish`); set: fetched at cold start. */
  networkBucket: (): string | undefined => env('WAYMARK_NETWORK_BUCKET'),
  /** Key prefix of the published networks in that bucket. */
  networkPrefix: (): string => env('WAYMARK_NETWORK_PREFIX') ?? 'networks/',
  /** Local folder the published networks are fetched into (Lambda's writable /tmp). */
  networkCacheDir: (): string => env('WAYMARK_NETWORK_CACHE_DIR') ?? '/tmp/waymark-networks',
  /** Regions (file names without suffix) a function fetches; unset: every published region. */
  networkRegions: (): string[] | undefined =>
    env('WAYMARK_NETWORK_REGIONS')
      ?.split(',')
      .map((r) => r.trim())
      .filter(Boolean),
  /** S3 endpoint other than AWS's (an emulator in tests); path-style addressing when set. */
  s3Endpoint: (): string | undefined => env('WAYMARK_S3_ENDPOINT'),
  /** Milliseconds a geocoding search may trust its cached custom places (0: confirm on every search). */
  placesMaxStaleMs: (): number => intSetting('WAYMARK_PLACES_MAX_STALE_MS', 0),
  /** Milliseconds a router uses a space's road edits before it checks them again: the longest a change takes to count. */
  roadEditsMaxStaleMs: (): number => intSetting('WAYMARK_ROAD_EDITS_MAX_STALE_MS', 1000),
  /** Milliseconds a process reuses the compiled geofences its monitors watch (monitors themselves are checked on every upload). */
  monitorCacheMs: (): number => intSetting('WAYMARK_MONITOR_CACHE_MS', 5000),
  /**
   * Where rate-limit counters live: `dynamodb` (shared by every instance) or `memory` (this
   * process only: exact only when one process serves every request, as the local stack does).
   */
  rateLimitStore: (): 'dynamodb' | 'memory' => {
    const value = env('WAYMARK_RATE_LIMIT_STORE') ?? 'dynamodb';
    if (value !== 'dynamodb' && value !== 'memory') throw new Error(`WAYMARK_RATE_LIMIT_STORE must be dynamodb or memory, got "${value}"`);
    return value;
  },
  /**
   * `1`: webhooks may target loopback, private and link-local addresses (the local stack sets it
   * so receivers on the same machine work). Unset or `0`: such targets are refused.
   */
  webhookAllowPrivate: (): boolean => env('WAYMARK_WEBHOOK_ALLOW_PRIVATE') === '1',
  /** Namespaced keys an organisation may hold at once (deleted ones no longer count). */
  maxNamespacedKeys: (): number => intSetting('WAYMARK_MAX_NAMESPACED_KEYS', 1000),
  /**
   * Unknown API keys one source address may present per minute before it is answered 429
   * without a lookup (counted per function instance); 0 turns the limit off.
   */
  unknownKeysPerMinute: (): number => intSetting('WAYMARK_UNKNOWN_KEYS_PER_MINUTE', 30),
  /** Subscriptions one live-channel connection may hold (docs/api/live.md#limits). */
  liveMaxSubscriptions: (): number => intSetting('WAYMARK_LIVE_MAX_SUBSCRIPTIONS', 100),
  /** Live-channel connections one API key may hold open at once. */
  liveMaxConnectionsPerKey: (): number => intSetting('WAYMARK_LIVE_MAX_CONNECTIONS_PER_KEY', 500),
  /** Where the fan-out posts to connections: API Gateway's management endpoint, or the local web socket server's. */
  liveEndpoint: (): string | undefined => env('WAYMARK_LIVE_ENDPOINT'),
  /** The live channel's web socket URL, as answers tell clients. */
  liveUrl: (): string => env('WAYMARK_LIVE_URL') ?? 'the live channel URL (npm start prints it)',
  /** The same when the stack has one: the console connects to it. */
  liveSocketUrl: (): string | undefined => env('WAYMARK_LIVE_URL'),
  table: (id: string): string => env(tableEnvVar(id)) ?? tableName(config.stage(), id),
  queueUrl: (id: string): string | undefined => env(queueEnvVar(id)),
  queueName: (id: string): string => queueName(config.stage(), id),
};

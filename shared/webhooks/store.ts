// What webhook signing needs from storage: one secret per API key. The DynamoDB adapter is
// shared/webhooks/dynamo-secrets.ts; `space` and `keyHash` together name the key, so no call
// reaches another organisation's or namespace's secret.

/** How long a rotated-out secret keeps signing beside the new one: receivers switch meanwhile. */
export const PREVIOUS_SECRET_SECONDS = 24 * 3600;

export interface WebhookSecretRecord {
  secret: string;
  /** Unix seconds. */
  created_at: number;
  /** The secret the last rotation replaced, still signing until `previous_until`. */
  previous_secret?: string;
  /** Unix seconds. */
  previous_until?: number;
}

/** The secrets a delivery at `now` is signed with: the current one, then the previous while it lasts. */
export function signingSecrets(record: WebhookSecretRecord, now: number): string[] {
  const previous = record.previous_secret && (record.previous_until ?? 0) > now ? [record.previous_secret] : [];
  return [record.secret, ...previous];
}

/** The record a rotation at `now` writes over `current`. */
export function rotated(current: WebhookSecretRecord | undefined, secret: string, now: number): WebhookSecretRecord {
  return current
    ? { secret, created_at: now, previous_secret: current.secret, previous_until: now + PREVIOUS_SECRET_SECONDS }
    : { secret, created_at: now };
}

export interface WebhookSecretStore {
  get(space: string, keyHash: string): Promise<WebhookSecretRecord | undefined>;
  /** The key's secret, created on first use (concurrent first uses agree on one secret). */
  getOrCreate(space: string, keyHash: string, now?: number): Promise<WebhookSecretRecord>;
  /**
   * Replaces the key's secret; deliveries from now on are signed with the new one and, for
   * PREVIOUS_SECRET_SECONDS, also with the one it replaced. Concurrent rotations each take effect in turn.
   */
  rotate(space: string, keyHash: string, now?: number): Promise<WebhookSecretRecord>;
}

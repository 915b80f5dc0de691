// What webhook signing needs from storage: one secret per API key. The DynamoDB adapter is
// shared/webhooks/dynamo-secrets.ts; `space` and `keyHash` together name the key, so no call
// reaches another organisation's or namespace's secret.

export interface WebhookSecretRecord {
  secret: string;
  /** Unix seconds. */
  created_at: number;
}

export interface WebhookSecretStore {
  get(space: string, keyHash: string): Promise<WebhookSecretRecord | undefined>;
  /** The key's secret, created on first use (concurrent first uses agree on one secret). */
  getOrCreate(space: string, keyHash: string, now?: number): Promise<WebhookSecretRecord>;
  /** Replaces the key's secret; deliveries signed from now on use the new one. */
  rotate(space: string, keyHash: string, now?: number): Promise<WebhookSecretRecord>;
}

// Standard Webhooks signatures (https://www.standardwebhooks.com):
//   webhook-id:        the event id, the same on every retry of one event
//   webhook-timestamp: Unix seconds of this attempt
//   webhook-signature: "v1,<base64 HMAC-SHA256(key, `${id}.${timestamp}.${body}`)>"
// The secret is "whsec_<base64 key>"; the HMAC key is the base64-decoded part, exactly as the
// Standard Webhooks libraries (e.g. the `standardwebhooks` npm package) expect it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { WebhookSecretRecord } from './store';

export const SECRET_PREFIX = 'whsec_';

/** The signature scheme and headers, as told to whoever reads their key's secret. */
export const SIGNATURE_SCHEME =
  'Standard Webhooks v1: webhook-signature = "v1," + base64(HMAC-SHA256(base64decode(secret without "whsec_"), webhook-id + "." + webhook-timestamp + "." + body))';
export const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'];

/**
 * A key's secret with what a receiver needs to check signatures made with it. The previous
 * secret itself is not shown again: only until when it still signs.
 */
export function describeSecret(record: WebhookSecretRecord, now = Math.floor(Date.now() / 1000)) {
  const previous =
    record.previous_until !== undefined && record.previous_until > now ? { previous_secret_valid_until: record.previous_until } : {};
  return { secret: record.secret, created_at: record.created_at, ...previous, scheme: SIGNATURE_SCHEME, headers: SIGNATURE_HEADERS };
}

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, 'base64');
}

export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The headers of one attempt; with several secrets (a rotation's overlap) one signature each, space-separated. */
export function signedHeaders(secrets: string | readonly string[], id: string, timestamp: number, body: string): SignedHeaders {
  const all = typeof secrets === 'string' ? [secrets] : secrets;
  const signature = all.map((secret) => sign(secret, id, timestamp, body)).join(' ');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
}

/**
 * Verifies a received webhook the way a receiver should: one of the space-separated "v1,..."
 * signatures matches and the timestamp is within `toleranceSeconds` of `now`.
 */
export function verify(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  now = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  const one = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const id = one('webhook-id');
  const ts = Number(one('webhook-timestamp'));
  const signatures = one('webhook-signature');
  if (!id || !Number.isInteger(ts) || !signatures) return false;
  if (Math.abs(now - ts) > toleranceSeconds) return false;
  const expected = Buffer.from(sign(secret, id, ts, body));
  return signatures.split(' ').some((s) => {
    const got = Buffer.from(s);
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}

import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { handler as secretHandler } from '../../../functions/webhooks/secret';
import { invoke } from './invoke';

// Received webhooks are checked with the `standardwebhooks` package rather than
// our own verifier, so a signing mistake mirrored in both sides still fails.

/** The signing secret of `key`'s webhooks, as its owner reads it from the API. */
export async function webhookSecret(key: string): Promise<string> {
  const res = await invoke(secretHandler, { method: 'GET', path: '/webhooks/secret', query: { key } });
  if (res.status !== 200) throw new Error(`GET /webhooks/secret answered ${res.status}`);
  return res.body.data.secret as string;
}

/** The delivery's payload if standardwebhooks' Webhook.verify accepts it; throws otherwise. */
export function verifyDelivery(secret: string, delivery: { headers: IncomingHttpHeaders; body: string }): unknown {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(delivery.headers)) if (typeof value === 'string') headers[name] = value;
  return new Webhook(secret).verify(delivery.body, headers);
}

import { randomUUID } from 'node:crypto';
import { issueRootKey } from '../../../shared/auth/issue';
import type { LimitName, Quota, Service } from '../../../shared/auth/model';
import { DynamoKeyStore } from '../../../shared/auth/dynamo-store';

/** A fresh organisation with its own root key, so tests never share quota or data. */
export async function newOrgKey(
  options: { services?: Service[]; regions?: string[]; quotas?: Partial<Record<LimitName, Quota>> } = {},
): Promise<{ org: string; key: string }> {
  const org = `org-${randomUUID().slice(0, 8)}`;
  const { key } = await issueRootKey(new DynamoKeyStore(), { org, now: Math.floor(Date.now() / 1000), ...options });
  return { org, key };
}

/**
 * Rate limits count in fixed minute windows; a burst that straddles a boundary is counted in two
 * windows and the test would see fewer refusals. Waits out the minute when less than `marginMs` is left.
 */
export async function awayFromMinuteBoundary(marginMs = 5_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 100));
}

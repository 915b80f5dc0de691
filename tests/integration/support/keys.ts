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

import { randomUUID } from 'node:crypto';
import { vi } from 'vitest';
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
 * windows and the test would see fewer refusals. Rather than wait for the next minute (up to a
 * minute of idle test time), this process's clock is set to 1 s into the next minute and runs on
 * from there, so the code under test (handlers and stores called in this process) counts in one
 * window. Only Date is faked: timers, and DynamoDB Local's own clock, are real. Returns the undo
 * (vi.useRealTimers also undoes it).
 */
export function fromStartOfNextMinute(): () => void {
  const next = (Math.floor(Date.now() / 60_000) + 1) * 60_000 + 1_000;
  vi.useFakeTimers({ toFake: ['Date'], now: next, shouldAdvanceTime: true });
  return () => vi.useRealTimers();
}

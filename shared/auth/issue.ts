import { conflict, forbidden, invalid, notFound } from '../platform/errors';
import { generateApiKey, hashApiKey } from './keys';
import type { KeyStore } from './key-store';
import {
  isValidName,
  MAX_NAME_LENGTH,
  NAME_RULE,
  SERVICES,
  type KeyRecord,
  type Principal,
  type Quota,
  type LimitName,
  type Service,
} from './model';

// Issuing and withdrawing keys. Organisation keys come from the operator's CLI;
// namespaced keys from the API, on behalf of an organisation key.

export interface RootKeyRequest {
  org: string;
  services?: Service[];
  regions?: string[];
  label?: string;
  quotas?: Partial<Record<LimitName, Quota>>;
  now: number;
  /** Re-register a known key (the local launcher keeps one stable key across in-memory runs). */
  key?: string;
}

export async function issueRootKey(store: KeyStore, request: RootKeyRequest): Promise<{ key: string; record: KeyRecord }> {
  if (!isValidName(request.org)) throw invalid('org', `must be 1 to ${MAX_NAME_LENGTH} characters and ${NAME_RULE}`);
  const key = request.key ?? generateApiKey();
  const record: KeyRecord = {
    hash: hashApiKey(key),
    org: request.org,
    namespace: null,
    services: request.services ?? [...SERVICES],
    regions: request.regions ?? ['*'],
    status: 'active',
    label: request.label,
    created_at: request.now,
    active_from: request.now,
    quotas: request.quotas,
  };
  await store.create(record);
  return { key, record };
}

export interface NamespacedKeyResult {
  apikey: string;
  namespace: string;
  /** 0: the key does not expire by itself; it lives until deleted. */
  expired_at: number;
  /** The same value under the name the official client's types use. */
  expires_at: number;
  sub_id: number;
  created_at: number;
}

function requireRoot(principal: Principal, action: string): void {
  if (!principal.isRoot) throw forbidden(`key: a namespaced key cannot ${action} namespaced keys`);
}

export async function createNamespacedKey(
  store: KeyStore,
  principal: Principal,
  namespace: string,
  options: { now: number; delaySeconds: number; maxKeys: number },
): Promise<NamespacedKeyResult> {
  requireRoot(principal, 'create');
  const parent = await store.findByHash(principal.keyHash);
  if (!parent) throw forbidden('key: the calling key no longer exists');
  const subId = await store.reserveNamespacedKey(principal.org, options.maxKeys);
  if (subId === undefined) {
    throw conflict(
      `namespace: your organisation already has the maximum of ${options.maxKeys} namespaced keys; delete one first`,
      'namespace',
    );
  }
  const apikey = generateApiKey();
  const record: KeyRecord = {
    hash: hashApiKey(apikey),
    org: principal.org,
    namespace,
    services: parent.services,
    regions: parent.regions,
    status: 'active',
    created_at: Math.floor(options.now),
    // Kept fractional: rounding to whole seconds could let a key in up to a second early.
    active_from: options.now + options.delaySeconds,
    sub_id: subId,
    quotas: parent.quotas,
    parent_hash: parent.hash,
  };
  try {
    await store.create(record);
  } catch (error) {
    // The slot taken above has no key to count: give it back.
    await store.releaseNamespacedKey(principal.org);
    throw error;
  }
  return { apikey, namespace, expired_at: 0, expires_at: 0, sub_id: subId, created_at: Math.floor(options.now) };
}

export async function deleteNamespacedKey(
  store: KeyStore,
  principal: Principal,
  namespace: string,
  keyToDelete: string,
  options: { now: number; delaySeconds: number },
): Promise<void> {
  requireRoot(principal, 'delete');
  const hash = hashApiKey(keyToDelete);
  const record = await store.findByHash(hash);
  // Another organisation's key is reported exactly like a missing one.
  if (!record || record.org !== principal.org || record.namespace === null) {
    throw notFound('key_to_delete: no namespaced key with this value in your organisation');
  }
  if (record.namespace !== namespace) {
    throw notFound(`key_to_delete: the key does not belong to namespace "${namespace}"`);
  }
  const until = options.now + options.delaySeconds;
  if (record.active_until !== undefined && record.active_until <= until) return; // already deleted: keep the earlier time
  if (!(await store.revokeAt(hash, until))) throw conflict('key_to_delete: the key was removed concurrently');
}

import { config } from '../platform/config';
import { forbidden, unauthorized } from '../platform/errors';
import { hashApiKey, looksLikeApiKey, sameDigest } from './keys';
import type { KeyStore } from './key-store';
import { grantedServices, principalOf, type Principal, type Service } from './model';

export interface AuthRequest {
  key: string | undefined;
  /** null for operations that belong to no service (key management). */
  service: Service | null;
  region: string;
  /** Unix seconds. */
  now: number;
  /** How long a namespaced key outlives the disabling of its organisation key (default: the key delay). */
  keyDelaySeconds?: number;
  /** Told when the key presented does not exist (malformed or not found). */
  onUnknown?: () => void;
}

function isoSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}

/** Resolves the caller of a request or throws the 401/403 the spec prescribes. */
export async function authenticate(store: KeyStore, request: AuthRequest): Promise<Principal> {
  const { key } = request;
  if (!key) throw unauthorized('key: required query parameter is missing');
  const unknown = () => {
    request.onUnknown?.();
    return unauthorized();
  };
  if (!looksLikeApiKey(key)) throw unknown();
  const hash = hashApiKey(key);
  const record = await store.findByHash(hash);
  if (!record || !sameDigest(record.hash, hash)) throw unknown();
  if (record.status !== 'active') throw unauthorized('key: this API key has been disabled');
  if (request.now < record.active_from) {
    throw unauthorized(`key: this API key becomes usable at ${isoSeconds(record.active_from)}`);
  }
  if (record.active_until !== undefined && request.now >= record.active_until) {
    throw unauthorized('key: this API key has been deleted');
  }
  if (record.namespace !== null && record.parent_hash !== undefined) {
    // Disabling an organisation key stops the keys it created after the same delay as a deletion.
    const parent = await store.findByHash(record.parent_hash);
    if (!parent || parent.status !== 'active') {
      const stopsAt = (parent?.disabled_at ?? 0) + (request.keyDelaySeconds ?? config.keyActivationDelaySeconds());
      if (request.now >= stopsAt) throw unauthorized('key: the organisation key that created this key has been disabled');
    }
  }
  if (request.service && !grantedServices(record.services).includes(request.service)) {
    throw forbidden(`key: this API key is not enabled for the ${request.service} service`);
  }
  if (!record.regions.includes('*') && !record.regions.includes(request.region)) {
    throw forbidden(`key: this API key has no access to region ${request.region}`);
  }
  return principalOf(record);
}

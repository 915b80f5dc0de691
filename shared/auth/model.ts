// What a stored API key grants, and who is calling once a key checks out.

export const SERVICES = ['geofence', 'optimization', 'multigeocode', 'tracking', 'routing'] as const;
export type Service = (typeof SERVICES)[number];

/**
 * Every service there was before routing: a key stored with all of them was issued for "all
 * services", and so is granted the services added since.
 */
const SERVICES_BEFORE_ROUTING: readonly Service[] = ['geofence', 'optimization', 'multigeocode', 'tracking'];

/** The services a stored key grants. */
export function grantedServices(stored: readonly Service[]): Service[] {
  const all = SERVICES_BEFORE_ROUTING.every((s) => stored.includes(s));
  return all ? [...SERVICES] : [...stored];
}

export const LIMIT_NAMES = ['geofence', 'optimization', 'multigeocode', 'batch_geocode', 'tracking', 'keys', 'routing'] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

export interface Quota {
  perSecond?: number;
  perMinute?: number;
}

export interface KeyRecord {
  /** SHA-256 of the key, hex; the key itself is never stored. */
  hash: string;
  org: string;
  /** null for an organisation (root) key. */
  namespace: string | null;
  services: Service[];
  /** Region names the key may use; "*" means every region. */
  regions: string[];
  status: 'active' | 'disabled';
  /** Unix seconds at which the key was last disabled (set with status 'disabled'). */
  disabled_at?: number;
  label?: string;
  /** Unix seconds. */
  created_at: number;
  /** Unix seconds from which the key works (namespaced keys: creation + delay). */
  active_from: number;
  /** Unix seconds from which the key stops working (set by deletion: now + delay). */
  active_until?: number;
  /** Sequence number of a namespaced key within its organisation. */
  sub_id?: number;
  /**
   * Hash of the organisation key that created this namespaced key: disabling that key stops
   * this one too. Absent on keys created before it was recorded.
   */
  parent_hash?: string;
  /** Per-limit overrides, for customers with an arranged higher quota. */
  quotas?: Partial<Record<LimitName, Quota>>;
}

export interface Principal {
  keyHash: string;
  org: string;
  namespace: string | null;
  /**
   * The data space every stored item of this caller lives in. Storage adapters
   * put it into the partition key, so no query can reach another space.
   */
  space: string;
  isRoot: boolean;
  services: Service[];
  quotas: Partial<Record<LimitName, Quota>>;
  /**
   * Set for a dispatched route's driver token (shared/dispatch/driver-token.ts): the caller may
   * read and complete that route only. Only operations that declare they take driver tokens see
   * such a principal; every other one refuses the token with 401.
   */
  route?: string;
}

/**
 * What organisation and namespace names may contain. Neither may hold "|" (the separator of a
 * space, `org|namespace`) or "#" (the separator inside partition keys), so two different
 * (organisation, namespace) pairs can never produce the same space or key.
 */
export const NAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const MAX_NAME_LENGTH = 64;
export const NAME_RULE = 'may contain only letters, digits, ".", "-" and "_"';

export function isValidName(name: string): boolean {
  return name.length >= 1 && name.length <= MAX_NAME_LENGTH && NAME_PATTERN.test(name);
}

export function spaceOf(org: string, namespace: string | null): string {
  return `${org}|${namespace ?? ''}`;
}

export function principalOf(record: KeyRecord): Principal {
  return {
    keyHash: record.hash,
    org: record.org,
    namespace: record.namespace,
    space: spaceOf(record.org, record.namespace),
    isRoot: record.namespace === null,
    services: grantedServices(record.services),
    quotas: record.quotas ?? {},
  };
}

import type { LimitName, Quota } from '../auth/model';

// Default quotas: the commercial API's per-service limits. A key can
// carry a higher quota arranged with the operator (KeyRecord.quotas).
export const DEFAULT_QUOTAS: Record<LimitName, Quota> = {
  geofence: { perSecond: 100, perMinute: 6000 },
  optimization: { perSecond: 5, perMinute: 300 },
  multigeocode: { perSecond: 40, perMinute: 2400 },
  batch_geocode: { perSecond: 1 },
  tracking: { perMinute: 6000 },
  // Directions, matrices, isochrones, snapping and areas share one quota.
  routing: { perSecond: 50, perMinute: 3000 },
  // Not in the spec: key management is rare, so a modest ceiling stops runaway scripts.
  keys: { perSecond: 10, perMinute: 120 },
};

export function quotaFor(name: LimitName, overrides: Partial<Record<LimitName, Quota>>): Quota {
  return { ...DEFAULT_QUOTAS[name], ...(overrides[name] ?? {}) };
}

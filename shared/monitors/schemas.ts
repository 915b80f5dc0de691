import { z } from 'zod';
import { MONITOR_TYPES } from './model';
import { freeJsonObject } from '../platform/limits';
import { attributeFilterMap, commaList, identifier, pagination, queryInt, queryTimeMs } from '../platform/schemas';

// Monitor, event and event-webhook wire shapes. Structural checks only: what a type requires, and whether
// geofences exist, is checked by shared/monitors/service.ts with messages that
// name the field. Unknown fields are ignored; null is accepted wherever a field
// is optional (clients send `speeding_config: null` for other types).

export const MAX_MONITOR_GEOFENCES = 1000;
export const MAX_META_DATA_BYTES = 65_536;
/** ms; one day. */
export const MAX_TOLERANCE_MS = 86_400_000;

const label = z.string().max(256);
const geofenceIds = z.array(z.string().min(1).max(128)).max(MAX_MONITOR_GEOFENCES);

export const matchFilter = z.object({
  include_all_of_attributes: attributeFilterMap.nullish(),
  include_any_of_attributes: attributeFilterMap.nullish(),
});

export const geofenceConfig = z.object({
  geofence_ids: geofenceIds.nullish(),
  /** Waymark hysteresis option (ms): see shared/monitors/README.md. */
  dwell_time: z.number().int().min(0).max(MAX_TOLERANCE_MS).nullish(),
});

export const speedingConfig = z.object({
  /** m/s; the client's update type sends it as a string. */
  customer_speed_limit: z
    .preprocess((v) => (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v), z.number().gt(0).max(1000))
    .nullish(),
  /** The road's limit where known, else customer_speed_limit (shared/monitors/README.md); the service answers 422 when no road network is loaded. */
  use_admin_speed_limit: z.boolean().nullish(),
  /** ms. */
  time_tolerance: z.number().int().min(0).max(MAX_TOLERANCE_MS).nullish(),
});

export const idleConfig = z.object({
  /** metres. */
  distance_tolerance: z.number().min(0).max(100_000).nullish(),
  /** ms. */
  time_tolerance: z.number().int().min(0).max(MAX_TOLERANCE_MS).nullish(),
});

/** metres: the position index's disk cover reads up to 1 km (shared/monitors/README.md#roaming-geofences). */
export const MIN_ROAMING_RADIUS = 1;
export const MAX_ROAMING_RADIUS = 1000;
/** Roaming monitors per space (each compares and stores its own pairs on every upload of an asset it matches). */
export const MAX_ROAMING_MONITORS = 100;

/** Waymark extension (type "roaming"); the service checks that the target filter is not empty. */
export const roamingConfig = z.object({
  radius: z.number().min(MIN_ROAMING_RADIUS).max(MAX_ROAMING_RADIUS).nullish(),
  target_filter: matchFilter.extend({ tags: z.array(label.min(1)).max(20).nullish() }).nullish(),
});

const fields = {
  name: label.nullish(),
  description: z.string().max(1024).nullish(),
  tags: z.array(label).max(100).nullish(),
  meta_data: freeJsonObject(MAX_META_DATA_BYTES).nullish(),
  match_filter: matchFilter.nullish(),
  geofence_ids: geofenceIds.nullish(),
  geofence_config: geofenceConfig.nullish(),
  speeding_config: speedingConfig.nullish(),
  idle_config: idleConfig.nullish(),
  roaming_config: roamingConfig.nullish(),
};

export const monitorType = z.enum(MONITOR_TYPES);

export const createMonitorBody = z.object({ type: monitorType, custom_id: identifier.optional(), ...fields });
export type CreateMonitorInput = z.output<typeof createMonitorBody>;

export const updateMonitorBody = z.object({ type: monitorType.optional(), ...fields });
export type UpdateMonitorInput = z.output<typeof updateMonitorBody>;

export const monitorPath = z.object({ id: z.string().min(1).max(128) });

const key = { key: z.string().optional() };
export const keyQuery = z.object(key);

export const monitorListQuery = z.object({
  ...key,
  ...pagination,
  // A bare field sorts ascending, as the asset list does.
  sort: z
    .string()
    .regex(
      /^(created_at|updated_at|name)(:(asc|desc))?$/,
      'must be <field>[:<direction>] with field created_at, updated_at or name and direction asc or desc',
    )
    .optional(),
  tags: commaList.optional(),
});

export const eventListQuery = z.object({
  ...key,
  pn: pagination.pn,
  ps: queryInt(1, 500).optional(),
  monitor_id: z.string().min(1).max(128).optional(),
  start_time: queryTimeMs.optional(),
  end_time: queryTimeMs.optional(),
});

export const eventAssetPath = z.object({ id: z.string().min(1).max(128) });

export const MAX_WEBHOOKS = 10;
/** The webhooks are replaced as a whole: a body without `webhook` (optional in the client's types) clears them. */
export const webhookConfigBody = z.object({ webhook: z.array(z.string().min(1).max(2048)).max(MAX_WEBHOOKS).default([]) });

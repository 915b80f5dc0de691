import { z } from 'zod';
import { MONITOR_TYPES } from './model';
import { int, latLon, metaData, okData, page } from '../platform/responses';

// 200 bodies of monitors, events and event webhook config.

const attributes = z.record(z.string(), z.string());

export const monitor = z.looseObject({
  id: z.string(),
  type: z.enum(MONITOR_TYPES),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  meta_data: metaData,
  match_filter: z.looseObject({ include_all_of_attributes: attributes.optional(), include_any_of_attributes: attributes.optional() }),
  // The read response shows `geofences`, which may be null.
  geofences: z.array(z.string()).nullable(),
  geofence_config: z.looseObject({ geofence_ids: z.array(z.string()) }).optional(),
  speeding_config: z
    .looseObject({ customer_speed_limit: z.number().optional(), use_admin_speed_limit: z.boolean().optional(), time_tolerance: int })
    .optional(),
  idle_config: z.looseObject({ distance_tolerance: z.number(), time_tolerance: int }).optional(),
  /** Waymark extension: type "roaming" (shared/monitors/README.md#roaming-geofences). */
  roaming_config: z
    .looseObject({
      radius: z.number(),
      target_filter: z.looseObject({
        include_all_of_attributes: attributes.optional(),
        include_any_of_attributes: attributes.optional(),
        tags: z.array(z.string()).optional(),
      }),
    })
    .optional(),
  created_at: int,
  updated_at: int,
});

const eventLocation = z.looseObject({
  location: latLon,
  timestamp: int,
  speed: z.number().nullable(),
  bearing: z.number().optional(),
  meta_data: metaData.optional(),
});

export const eventRecord = z.looseObject({
  asset_id: z.string(),
  geofence_id: z.string(),
  monitor_id: z.string(),
  monitor_tags: z.array(z.string()),
  event_type: z.enum(['enter', 'exit', 'speeding', 'idle']),
  timestamp: int,
  triggered_timestamp: int,
  triggered_location: eventLocation,
  prev_location: eventLocation.nullable(),
  extra: z.looseObject({ speed_limit: z.number().optional(), distance: z.number().optional() }),
  /** Roaming monitors: the asset the subject came near or left. */
  nearby_asset_id: z.string().optional(),
});

export const createMonitorResponse = okData(z.looseObject({ id: z.string() }));
export const getMonitorResponse = okData(z.looseObject({ monitor }));
export const listMonitorsResponse = okData(z.looseObject({ list: z.array(monitor), page }));
export const listEventsResponse = okData(z.looseObject({ list: z.array(eventRecord), page }));
export const webhookConfigResponse = okData(
  z.looseObject({ webhook: z.array(z.string()), config: z.looseObject({ webhook: z.array(z.string()) }) }),
);
export const testWebhookResponse = okData(
  z.looseObject({
    results: z.array(z.looseObject({ url: z.string(), ok: z.boolean(), status: int.optional() })),
  }),
);

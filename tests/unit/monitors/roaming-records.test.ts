import { describe, expect, it } from 'vitest';
import { eventId, type StoredMonitor } from '../../../shared/monitors/model';
import { roamingEventRecord, type RoamingEvent } from '../../../shared/monitors/roaming';
import { roamingMonitors } from '../../../shared/monitors/roaming-evaluate';
import { matchesAttributes } from '../../../shared/tracking/filters';
import { assetStorageKey } from '../../../shared/tracking/model';

// The pure parts between the API and the roaming engine: stored monitors to engine monitors, and
// engine events (assets named by storage key) to the event records the list and webhooks show.

const stored = (record: Partial<StoredMonitor['record']>): StoredMonitor => ({
  rev: 'r1',
  record: {
    id: 'm',
    type: 'roaming',
    name: '',
    description: '',
    tags: [],
    match_filter: {},
    geofence_ids: [],
    created_at: 0,
    updated_at: 0,
    ...record,
  },
});

describe('roaming monitors from stored ones', () => {
  it('keep only roaming monitors, with the subject from match_filter and the target from target_filter (attributes and tags)', () => {
    const out = roamingMonitors([
      stored({ id: 'idle', type: 'idle', idle_config: { distance_tolerance: 1, time_tolerance: 1 } }),
      stored({
        id: 'meet',
        tags: ['t'],
        match_filter: { include_all_of_attributes: { role: 'truck' } },
        roaming_config: { radius: 80, target_filter: { include_any_of_attributes: { role: 'van', kind: 'phone' }, tags: ['vip'] } },
      }),
    ]);
    expect(out).toHaveLength(1);
    const [m] = out;
    expect(m).toMatchObject({ id: 'meet', radius: 80, tags: ['t'] });
    expect(matchesAttributes({ attributes: { role: 'truck' } }, m.subject)).toBe(true);
    expect(matchesAttributes({ attributes: { role: 'van' } }, m.subject)).toBe(false);
    expect(matchesAttributes({ attributes: { kind: 'phone' }, tags: ['vip'] }, m.target)).toBe(true);
    expect(matchesAttributes({ attributes: { kind: 'phone' }, tags: [] }, m.target)).toBe(false);
    expect(matchesAttributes({ attributes: { role: 'truck' }, tags: ['vip'] }, m.target)).toBe(false);
  });
});

describe('roaming event records', () => {
  const subject = assetStorageKey({ id: 'truck', inc: 'i1' });
  const other = assetStorageKey({ id: 'van', inc: 'i2' });
  const e: RoamingEvent = {
    monitor_id: 'meet',
    monitor_tags: ['t'],
    event_type: 'enter',
    asset_id: subject,
    nearby_asset_id: other,
    distance: 42.5,
    triggered_timestamp: 1_700_000_000_000,
    triggered_location: { lat: 57.7, lon: 11.95 },
    timestamp: 1_700_000_000_100,
  };

  it('name assets by id, are stored under the subject incarnation, and carry the distance', () => {
    const { key, record } = roamingEventRecord(e);
    expect(key).toBe(subject);
    expect(record).toEqual({
      asset_id: 'truck',
      geofence_id: '',
      monitor_id: 'meet',
      monitor_tags: ['t'],
      event_type: 'enter',
      timestamp: 1_700_000_000_100,
      triggered_timestamp: 1_700_000_000_000,
      triggered_location: { location: { lat: 57.7, lon: 11.95 }, timestamp: 1_700_000_000_000, speed: null },
      prev_location: null,
      extra: { distance: 42.5 },
      nearby_asset_id: 'van',
    });
  });

  it('have one id per partner, so two partners met at the same point are two events', () => {
    const a = roamingEventRecord(e).record;
    const b = roamingEventRecord({ ...e, nearby_asset_id: 'bike' }).record;
    expect(eventId(a)).not.toBe(eventId(b));
    expect(eventId(a)).toBe(eventId(roamingEventRecord(e).record));
    // A fence event keeps its id form.
    expect(eventId({ ...a, nearby_asset_id: undefined, geofence_id: 'A' })).toBe('1700000000000#1#meet#A');
  });
});

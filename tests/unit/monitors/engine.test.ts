import { describe, expect, it } from 'vitest';
import { eventId } from '../../../shared/monitors/model';
import { box, Drive, monitor, pt, short, T0 } from './drive';

// Scripted drives through the pure engine, asserting the exact event sequences.

const LAT = 52.01;
// Two overlapping fences: A covers lon [13.00, 13.02], B covers [13.01, 13.03].
const A = box('A', 13.0, 52.0, 13.02, 52.02);
const B = box('B', 13.01, 52.0, 13.03, 52.02);

describe('enter / exit', () => {
  it('a path through two overlapping fences', () => {
    const d = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A', 'B'] })], [A, B]);
    const lons = [12.995, 13.005, 13.015, 13.025, 13.035];
    d.feed(lons.map((lon, i) => pt(LAT, lon, i * 10)));
    expect(short(d.events)).toEqual(['enter:m/A@10', 'enter:m/B@20', 'exit:m/A@30', 'exit:m/B@40']);
    const enterA = d.events[0];
    expect(enterA).toEqual({
      asset_id: 'asset-1',
      geofence_id: 'A',
      monitor_id: 'm',
      monitor_tags: ['tag-m'],
      event_type: 'enter',
      timestamp: T0 + 10_000_000,
      triggered_timestamp: T0 + 10_000,
      triggered_location: { location: { lat: LAT, lon: 13.005 }, timestamp: T0 + 10_000, speed: expect.any(Number) },
      prev_location: { location: { lat: LAT, lon: 12.995 }, timestamp: T0, speed: null },
      extra: {},
    });
    // Derived speed: about 686 m in 10 s.
    expect(enterA.triggered_location.speed!).toBeGreaterThan(60);
    expect(enterA.triggered_location.speed!).toBeLessThan(75);
  });

  it('the same drive point by point gives the same events', () => {
    const d = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A', 'B'] })], [A, B]);
    [12.995, 13.005, 13.015, 13.025, 13.035].forEach((lon, i) => d.feed([pt(LAT, lon, i * 10)]));
    expect(short(d.events)).toEqual(['enter:m/A@10', 'enter:m/B@20', 'exit:m/A@30', 'exit:m/B@40']);
  });

  it('exit is emitted before enter when one point leaves one fence and enters another', () => {
    // Ids chosen so that alphabetical order would put the enter first.
    const src = box('z-src', 13.0, 52.0, 13.01, 52.02);
    const dst = box('a-dst', 13.011, 52.0, 13.02, 52.02);
    const d = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['a-dst', 'z-src'] })], [src, dst]);
    d.feed([pt(LAT, 12.99, 0), pt(LAT, 13.005, 10), pt(LAT, 13.015, 20)]);
    expect(short(d.events)).toEqual(['enter:m/z-src@10', 'exit:m/z-src@20', 'enter:m/a-dst@20']);
    expect(d.events[1].prev_location!.timestamp).toBe(T0 + 10_000);
  });

  it('type enter emits only enters, type exit only exits', () => {
    const d = new Drive([monitor('in', 'enter', { geofence_ids: ['A'] }), monitor('out', 'exit', { geofence_ids: ['A'] })], [A]);
    d.feed([pt(LAT, 12.99, 0), pt(LAT, 13.01, 10), pt(LAT, 13.03, 20), pt(LAT, 13.01, 30)]);
    expect(short(d.events)).toEqual(['enter:in/A@10', 'exit:out/A@20', 'enter:in/A@30']);
  });

  it('the boundary counts as inside', () => {
    const d = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A'] })], [A]);
    d.feed([pt(LAT, 12.99, 0), pt(LAT, 13.0, 10), pt(LAT, 12.9999, 20)]);
    expect(short(d.events)).toEqual(['enter:m/A@10', 'exit:m/A@20']);
  });

  it('no event for the first point ever, even inside a fence', () => {
    const d = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A'] })], [A]);
    d.feed([pt(LAT, 13.01, 0), pt(LAT, 13.011, 10)]);
    expect(d.events).toEqual([]);
    d.feed([pt(LAT, 13.05, 20)]);
    expect(short(d.events)).toEqual(['exit:m/A@20']);
  });

  it('unmonitored fences and other monitors do not interfere', () => {
    const d = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['B'] })], [A, B]);
    d.feed([pt(LAT, 12.99, 0), pt(LAT, 13.005, 10), pt(LAT, 13.025, 20)]);
    expect(short(d.events)).toEqual(['enter:m/B@20']);
  });

  it('a monitor created while the asset is inside starts from its last point: no enter, then the exit', () => {
    const d = new Drive([], [A]);
    d.feed([pt(LAT, 12.99, 0), pt(LAT, 13.01, 10)]);
    d.ctx = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A'] })], [A]).ctx;
    d.feed([pt(LAT, 13.011, 20), pt(LAT, 13.05, 30)]);
    expect(short(d.events)).toEqual(['exit:m/A@30']);
  });

  it('a monitor created while the asset is outside sees the next crossing', () => {
    const d = new Drive([], [A]);
    d.feed([pt(LAT, 12.99, 0)]);
    d.ctx = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A'] })], [A]).ctx;
    d.feed([pt(LAT, 13.01, 10)]);
    expect(short(d.events)).toEqual(['enter:m/A@10']);
  });

  it('match_filter: all-of and any-of attributes select the asset', () => {
    const fences = [A];
    const all = monitor('all', 'enter', { geofence_ids: ['A'], match_filter: { include_all_of_attributes: { fleet: 'x', kind: 'van' } } });
    const any = monitor('any', 'enter', { geofence_ids: ['A'], match_filter: { include_any_of_attributes: { fleet: 'y', kind: 'van' } } });
    const drive = (attributes: Record<string, string>) => {
      const d = new Drive([all, any], fences, attributes);
      d.feed([pt(LAT, 12.99, 0), pt(LAT, 13.01, 10)]);
      return d.events.map((e) => e.monitor_id);
    };
    expect(drive({ fleet: 'x', kind: 'van' })).toEqual(['all', 'any']);
    expect(drive({ fleet: 'x', kind: 'car' })).toEqual([]);
    expect(drive({ fleet: 'y', kind: 'car' })).toEqual(['any']);
    expect(drive({})).toEqual([]);
  });

  it('event ids order exits before enters of the same point', () => {
    const base = { triggered_timestamp: T0, monitor_id: 'm' };
    expect(eventId({ ...base, event_type: 'exit', geofence_id: 'z' }) < eventId({ ...base, event_type: 'enter', geofence_id: 'a' })).toBe(
      true,
    );
  });
});

describe('jitter at a boundary (dwell_time hysteresis)', () => {
  // out, in, out, in, out, then in for good; 5 s apart.
  const jitter = () => {
    const sides = [false, true, false, true, false, true, true, true, true, true, true, true, true];
    return sides.map((inside, i) => pt(LAT, inside ? 13.0001 : 12.9999, i * 5));
  };

  it('without dwell every crossing is an event', () => {
    const d = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A'] })], [A]);
    d.feed(jitter());
    expect(short(d.events)).toEqual(['enter:m/A@5', 'exit:m/A@10', 'enter:m/A@15', 'exit:m/A@20', 'enter:m/A@25']);
  });

  it('with dwell_time 30 s only the stay counts: one enter, triggered at the first point of the stay', () => {
    const d = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A'], dwell_time: 30_000 })], [A]);
    d.feed(jitter());
    expect(short(d.events)).toEqual(['enter:m/A@25']);
    expect(d.events[0].prev_location!.timestamp).toBe(T0 + 20_000);
  });

  it('a pending crossing survives across batches and is confirmed later', () => {
    const d = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A'], dwell_time: 30_000 })], [A]);
    const pts = jitter();
    pts.forEach((p) => d.feed([p]));
    expect(short(d.events)).toEqual(['enter:m/A@25']);
  });

  it('a short excursion outside is not an exit', () => {
    const d = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A'], dwell_time: 30_000 })], [A]);
    d.feed([pt(LAT, 12.99, 0), pt(LAT, 13.01, 10), pt(LAT, 13.01, 40)]);
    d.feed([pt(LAT, 12.9999, 50), pt(LAT, 13.0001, 60), pt(LAT, 13.01, 120)]);
    expect(short(d.events)).toEqual(['enter:m/A@10']);
    d.feed([pt(LAT, 12.99, 130), pt(LAT, 12.98, 170)]);
    expect(short(d.events)).toEqual(['enter:m/A@10', 'exit:m/A@130']);
  });
});

describe('speeding', () => {
  const speeds = (list: number[]) => list.map((s, i) => pt(LAT, 12.9 + i * 0.0001, i, s));

  it('without tolerance: one event per episode, at its first point', () => {
    const d = new Drive([monitor('s', 'speeding', { speeding_config: { customer_speed_limit: 10, time_tolerance: 0 } })], []);
    d.feed(speeds([5, 12, 15, 11, 8, 20, 25, 10, 9]));
    expect(short(d.events)).toEqual(['speeding:s@1', 'speeding:s@5']);
    expect(d.events[0].extra).toEqual({ speed_limit: 10 });
    expect(d.events[0].geofence_id).toBe('');
    expect(d.events[0].triggered_location.speed).toBe(12);
    expect(d.events[0].prev_location!.speed).toBe(5);
  });

  it('with time_tolerance 2 s: only episodes lasting 2 s, event when the tolerance is reached', () => {
    const d = new Drive([monitor('s', 'speeding', { speeding_config: { customer_speed_limit: 10, time_tolerance: 2000 } })], []);
    // episode 1: t1..t2 (1 s, too short); episode 2: t4..t8 -> event at t6; episode 3: t10..t12 -> event at t12.
    d.feed(speeds([5, 12, 15, 8, 12, 13, 14, 15, 16, 9, 30, 30, 30]));
    expect(short(d.events)).toEqual(['speeding:s@6', 'speeding:s@12']);
  });

  it('a speed exactly at the limit is not speeding and ends the episode', () => {
    const d = new Drive([monitor('s', 'speeding', { speeding_config: { customer_speed_limit: 10, time_tolerance: 1000 } })], []);
    d.feed(speeds([10, 11, 10, 11, 10, 11]));
    expect(d.events).toEqual([]);
  });

  it('points without speed use the speed derived from the previous point', () => {
    const d = new Drive([monitor('s', 'speeding', { speeding_config: { customer_speed_limit: 30, time_tolerance: 0 } })], []);
    // 0.001 deg of latitude is about 111 m: 111 m/s, then about 11 m/s.
    d.feed([pt(52, 13, 0), pt(52.001, 13, 1), pt(52.0011, 13, 2), pt(52.0021, 13, 3)]);
    expect(short(d.events)).toEqual(['speeding:s@1', 'speeding:s@3']);
    expect(d.events[0].triggered_location.speed).toBeCloseTo(111.2, 0);
  });

  it('restricted to geofences: only speeding inside them counts', () => {
    const d = new Drive(
      [monitor('s', 'speeding', { geofence_ids: ['A'], speeding_config: { customer_speed_limit: 10, time_tolerance: 0 } })],
      [A],
    );
    d.feed([pt(LAT, 12.99, 0, 20), pt(LAT, 13.01, 10, 20), pt(LAT, 13.011, 20, 25)]);
    expect(short(d.events)).toEqual(['speeding:s@10']);
  });
});

describe('idle', () => {
  const cfg = { idle_config: { distance_tolerance: 50, time_tolerance: 60_000 } };

  it('an idle stop: one event when the stay reaches time_tolerance, then one per stay', () => {
    const d = new Drive([monitor('i', 'idle', cfg)], []);
    const driving = [0, 10, 20].map((t, i) => pt(LAT, 13 + i * 0.005, t));
    // Stop at 13.0105 with jitter of about 10 m, every 20 s for 2 minutes.
    const stop = [30, 50, 70, 90, 110, 130, 150].map((t, i) => pt(LAT + (i % 2 ? 0.0001 : 0), 13.0105, t));
    d.feed([...driving, ...stop]);
    expect(short(d.events)).toEqual(['idle:i@90']);
    // Drive off and stop again.
    d.feed([pt(LAT, 13.02, 160), pt(LAT, 13.03, 170), pt(LAT, 13.03, 200), pt(LAT, 13.03, 230), pt(LAT, 13.03, 260)]);
    expect(short(d.events)).toEqual(['idle:i@90', 'idle:i@230']);
    expect(d.events[0].geofence_id).toBe('');
    expect(d.events[0].prev_location!.timestamp).toBe(T0 + 70_000);
  });

  it('slow movement beyond distance_tolerance is not idle', () => {
    const d = new Drive([monitor('i', 'idle', cfg)], []);
    // 0.0006 deg of longitude at 52 N is about 41 m per 30 s: within 50 m of the previous point, not of the anchor for long.
    d.feed(Array.from({ length: 20 }, (_, i) => pt(LAT, 13 + i * 0.0006, i * 30)));
    expect(d.events).toEqual([]);
  });
});

describe('duplicate and late points', () => {
  const drive = () => [12.995, 13.005, 13.015, 13.025, 13.035].map((lon, i) => pt(LAT, lon, i * 10));

  it('a redelivered batch produces no event and leaves the state as it was', () => {
    const d = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A', 'B'] })], [A, B]);
    d.feed(drive());
    const state = structuredClone(d.state);
    expect(d.feed(drive())).toEqual([]);
    expect(d.state).toEqual(state);
  });

  it('duplicate timestamps inside one batch are evaluated once', () => {
    const d = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A'] })], [A]);
    d.feed([pt(LAT, 12.99, 0), pt(LAT, 13.01, 10), pt(LAT, 13.01, 10), pt(LAT, 12.99, 10)]);
    expect(short(d.events)).toEqual(['enter:m/A@10']);
  });

  it('late points never trigger events', () => {
    const d = new Drive(
      [
        monitor('m', 'enter_and_exit', { geofence_ids: ['A'] }),
        monitor('s', 'speeding', { speeding_config: { customer_speed_limit: 1, time_tolerance: 0 } }),
      ],
      [A],
    );
    d.feed([pt(LAT, 12.99, 0, 0), pt(LAT, 12.99, 100, 0)]);
    const state = structuredClone(d.state);
    expect(d.feed([pt(LAT, 13.01, 50, 99), pt(LAT, 13.01, 100, 99)])).toEqual([]);
    expect(d.state).toEqual(state);
  });

  it('an unordered batch is evaluated in timestamp order', () => {
    const d = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A', 'B'] })], [A, B]);
    d.feed(drive().reverse());
    expect(short(d.events)).toEqual(['enter:m/A@10', 'enter:m/B@20', 'exit:m/A@30', 'exit:m/B@40']);
  });
});

describe('stored state', () => {
  it('keeps only the monitors with something to remember, and a digest of the rest', () => {
    const many = Array.from({ length: 50 }, (_, i) =>
      monitor(`mon-${String(i).padStart(2, '0')}-${'x'.repeat(30)}`, 'enter_and_exit', { geofence_ids: ['A'] }),
    );
    const d = new Drive(many, [A]);
    d.feed([pt(LAT, 12.99, 0), pt(LAT, 12.991, 10)]);
    expect(d.state.m).toEqual({});
    expect(JSON.stringify(d.state).length).toBeLessThan(200);
    d.feed([pt(LAT, 13.01, 20)]);
    expect(d.events).toHaveLength(50);
    expect(Object.keys(d.state.m)).toHaveLength(50);
    d.feed([pt(LAT, 12.99, 30)]);
    expect(d.events).toHaveLength(100);
    expect(d.state.m).toEqual({});
  });

  it('another monitor written meanwhile (digest changed): the monitors with an empty state carry on from the last point', () => {
    const m = monitor('m', 'enter_and_exit', { geofence_ids: ['A'] });
    const d = new Drive([m], [A]);
    d.feed([pt(LAT, 12.99, 0), pt(LAT, 12.991, 10)]);
    d.ctx = new Drive([m, monitor('n', 'enter_and_exit', { geofence_ids: ['B'] })], [A, B]).ctx;
    d.feed([pt(LAT, 13.005, 20), pt(LAT, 13.015, 30)]);
    expect(short(d.events)).toEqual(['enter:m/A@20', 'enter:n/B@30']);
  });

  it('a state stored with every monitor listed (before the digest) is read as before', () => {
    const d = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A'] })], [A]);
    d.state = { last: { lat: LAT, lon: 12.99, ts: T0 }, m: { m: { rev: 'r1' } } };
    d.feed([pt(LAT, 13.01, 10)]);
    expect(short(d.events)).toEqual(['enter:m/A@10']);
  });
});

describe('monitor changes', () => {
  it('a deleted monitor loses its state; a monitor the asset stops matching too', () => {
    const m = monitor('m', 'enter_and_exit', { geofence_ids: ['A'], match_filter: { include_all_of_attributes: { f: '1' } } });
    const d = new Drive([m], [A], { f: '1' });
    d.feed([pt(LAT, 12.99, 0), pt(LAT, 13.01, 10)]);
    expect(d.state.m.m?.f?.A).toEqual({ in: 1 });
    d.attributes = { f: '2' };
    d.feed([pt(LAT, 12.99, 20)]);
    expect(d.state.m.m).toBeUndefined();
    expect(short(d.events)).toEqual(['enter:m/A@10']);
  });

  it('adding a fence to a monitor (new revision) starts that fence from the last point, keeping the others', () => {
    const d = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A'] })], [A, B]);
    d.feed([pt(LAT, 12.99, 0), pt(LAT, 13.015, 10)]);
    d.ctx = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A', 'B'] }, 'r2')], [A, B]).ctx;
    d.feed([pt(LAT, 13.035, 20)]);
    expect(short(d.events)).toEqual(['enter:m/A@10', 'exit:m/A@20', 'exit:m/B@20']);
  });

  it('a geofence deleted while the asset is inside gives no exit', () => {
    const d = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A', 'B'] })], [A, B]);
    d.feed([pt(LAT, 12.99, 0), pt(LAT, 13.015, 10)]);
    d.ctx = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A', 'B'] })], [B], {}, ['A']).ctx; // A deleted, same monitor revision
    d.feed([pt(LAT, 13.04, 20)]);
    expect(short(d.events)).toEqual(['enter:m/A@10', 'enter:m/B@10', 'exit:m/B@20']);
  });

  it('a watched fence not given to the engine (not near the points) is outside them: the asset that jumped far away exits it', () => {
    const d = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A', 'B'] })], [A, B]);
    d.feed([pt(LAT, 12.99, 0), pt(LAT, 13.015, 10)]);
    // The evaluator loads only the fences listed near the points: none near lon 14.
    d.ctx = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A', 'B'] })], []).ctx;
    d.feed([pt(LAT, 14, 20)]);
    expect(short(d.events)).toEqual(['enter:m/A@10', 'enter:m/B@10', 'exit:m/A@20', 'exit:m/B@20']);
    expect(d.state.m.m).toBeUndefined(); // outside everything: nothing stored for the monitor
  });

  it('with dwell_time a pending exit is confirmed by a far point whose fences were not loaded', () => {
    const d = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A'], dwell_time: 10_000 })], [A]);
    d.feed([pt(LAT, 12.99, 0), pt(LAT, 13.01, 10), pt(LAT, 13.01, 25)]); // enter confirmed at 25
    d.feed([pt(LAT, 13.03, 30)]); // outside A: exit pending
    d.ctx = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A'], dwell_time: 10_000 })], []).ctx;
    d.feed([pt(LAT, 14, 45)]);
    expect(short(d.events)).toEqual(['enter:m/A@10', 'exit:m/A@30']);
  });

  it('a geofence that no longer exists is ignored', () => {
    const d = new Drive([monitor('m', 'enter_and_exit', { geofence_ids: ['A', 'gone'] })], [A]);
    d.feed([pt(LAT, 12.99, 0), pt(LAT, 13.01, 10)]);
    expect(short(d.events)).toEqual(['enter:m/A@10']);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventId } from '../../../shared/monitors/model';
import { box, Drive, monitor, pt } from '../../unit/monitors/drive';

// Properties of the evaluation engine: replaying a batch produces no new events,
// how a drive is cut into batches does not matter, and resent or late points
// mixed into later batches change nothing.

const fences = [box('A', 13.0, 52.0, 13.02, 52.02), box('B', 13.01, 52.0, 13.03, 52.02), box('C', 13.025, 52.005, 13.04, 52.015)];

const monitors = () => [
  monitor('ee', 'enter_and_exit', { geofence_ids: ['A', 'B', 'C'] }),
  monitor('dw', 'enter_and_exit', { geofence_ids: ['A', 'C'], dwell_time: 15_000 }),
  monitor('en', 'enter', { geofence_ids: ['B'] }),
  monitor('sp', 'speeding', { speeding_config: { customer_speed_limit: 15, time_tolerance: 10_000 } }),
  monitor('id', 'idle', { idle_config: { distance_tolerance: 30, time_tolerance: 40_000 } }),
];

/** A drive: strictly increasing timestamps, positions wandering over the fences, speeds 0..30. */
const driveArb = fc
  .array(
    fc.record({
      dt: fc.integer({ min: 1, max: 20 }),
      lat: fc.double({ min: 51.995, max: 52.025, noNaN: true }),
      lon: fc.double({ min: 12.99, max: 13.05, noNaN: true }),
      speed: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
      stay: fc.boolean(),
    }),
    { minLength: 1, maxLength: 60 },
  )
  .map((steps) => {
    let t = 0;
    let last = { lat: 52.01, lon: 13.01 };
    return steps.map((s) => {
      t += s.dt;
      if (!s.stay) last = { lat: s.lat, lon: s.lon };
      return pt(last.lat, last.lon, t, s.speed);
    });
  });

const cutsArb = fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 30 });

function batches<T>(items: T[], cuts: number[]): T[][] {
  const out: T[][] = [];
  let i = 0;
  for (let k = 0; i < items.length; k++) {
    const n = cuts[k % cuts.length];
    out.push(items.slice(i, i + n));
    i += n;
  }
  return out;
}

const whole = (points: ReturnType<typeof pt>[]) => {
  const d = new Drive(monitors(), fences);
  d.feed(points);
  return d;
};

describe('engine properties', () => {
  it('replaying any batch produces no new events and leaves the state unchanged', () => {
    fc.assert(
      fc.property(driveArb, cutsArb, (points, cuts) => {
        const d = new Drive(monitors(), fences);
        let sofar: ReturnType<typeof pt>[] = [];
        for (const batch of batches(points, cuts)) {
          d.feed(batch);
          sofar = sofar.concat(batch);
          const state = structuredClone(d.state);
          expect(d.feed(batch)).toEqual([]);
          expect(d.feed(sofar)).toEqual([]); // everything up to now, again
          expect(d.state).toEqual(state);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('cutting a drive into batches does not change the events', () => {
    fc.assert(
      fc.property(driveArb, cutsArb, (points, cuts) => {
        const d = new Drive(monitors(), fences);
        for (const batch of batches(points, cuts)) d.feed(batch);
        const one = whole(points);
        expect(d.events).toEqual(one.events);
        expect(d.state).toEqual(one.state);
      }),
      { numRuns: 200 },
    );
  });

  it('resent and late points mixed into later batches change nothing', () => {
    fc.assert(
      fc.property(driveArb, cutsArb, fc.array(fc.nat(), { maxLength: 40 }), (points, cuts, picks) => {
        const d = new Drive(monitors(), fences);
        let seen: ReturnType<typeof pt>[] = [];
        batches(points, cuts).forEach((batch, k) => {
          // Old points again, some moved elsewhere (a late point with the same or an older time).
          const old = seen.length
            ? picks.slice(k, k + 3).map((n, j) => {
                const p = seen[n % seen.length];
                return j % 2 ? { ...p, location: { lat: 52.01, lon: 13.015 }, speed: 99 } : p;
              })
            : [];
          d.feed([...old, ...batch]);
          seen = seen.concat(batch);
        });
        expect(d.events).toEqual(whole(points).events);
      }),
      { numRuns: 200 },
    );
  });

  it('event ids are unique; enter and exit alternate per fence', () => {
    fc.assert(
      fc.property(driveArb, (points) => {
        const { events } = whole(points);
        const ids = events.map(eventId);
        expect(new Set(ids).size).toBe(ids.length);
        for (const m of ['ee', 'dw']) {
          for (const f of ['A', 'B', 'C']) {
            const kinds = events.filter((e) => e.monitor_id === m && e.geofence_id === f).map((e) => e.event_type);
            for (let i = 1; i < kinds.length; i++) expect(kinds[i]).not.toBe(kinds[i - 1]);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

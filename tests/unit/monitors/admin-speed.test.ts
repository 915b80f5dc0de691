import { describe, expect, it } from 'vitest';
import { Drive, monitor, pt, short } from './drive';

// use_admin_speed_limit: the limit is the road's where known (an injected
// lookup, as evaluate.ts wires it to the loaded road networks), the customer
// limit elsewhere, and no limit where neither exists.

const LAT = 52.01;
const KMH = 1 / 3.6;
/** Roads along lat 52.01: 50 km/h west of lon 13.01, 90 km/h up to 13.02, then untagged. */
const roads = (_lat: number, lon: number): number | undefined => (lon < 13.01 ? 50 * KMH : lon < 13.02 ? 90 * KMH : undefined);
/** One point per second, 0.0003 deg of longitude (about 20 m) apart, at `kmh`. */
const drive = (from: number, n: number, kmh: number, t0 = 0) =>
  Array.from({ length: n }, (_, i) => pt(LAT, from + i * 0.0003, t0 + i, kmh * KMH));

function admin(extra: Record<string, unknown> = {}) {
  const d = new Drive([monitor('s', 'speeding', { speeding_config: { use_admin_speed_limit: true, time_tolerance: 0, ...extra } })], []);
  d.speedLimitAt = roads;
  return d;
}

describe('speeding with use_admin_speed_limit', () => {
  it('70 km/h from a 50 km/h road onto a 90 km/h road: one episode, on the first road', () => {
    const d = admin();
    d.feed(drive(13.005, 30, 70)); // crosses lon 13.01 after about 17 points
    expect(short(d.events)).toEqual(['speeding:s@0']);
    expect(d.events[0].extra.speed_limit).toBeCloseTo(50 / 3.6, 10);
    expect(d.state.m.s?.sp).toBeUndefined(); // the episode ended on the 90 km/h road
  });

  it('with a tolerance the event carries the limit of the triggering point', () => {
    const d = admin({ time_tolerance: 20_000 });
    // 100 km/h from the 50 road onto the 90 road: still speeding, event 20 s after the start.
    d.feed(drive(13.005, 30, 100));
    expect(short(d.events)).toEqual(['speeding:s@20']);
    expect(d.events[0].extra.speed_limit).toBeCloseTo(90 / 3.6, 10);
  });

  it('where no road limit is known the customer limit applies', () => {
    const d = admin({ customer_speed_limit: 30 });
    // 100 km/h (27.8 m/s): speeding on the 90 road, not on the untagged road (customer 30 m/s) ...
    d.feed(drive(13.018, 10, 100));
    expect(short(d.events)).toEqual(['speeding:s@0']);
    // ... until it drives faster than the customer limit there.
    d.feed(drive(13.025, 3, 120, 100));
    expect(short(d.events)).toEqual(['speeding:s@0', 'speeding:s@100']);
    expect(d.events[1].extra.speed_limit).toBe(30);
  });

  it('without a customer limit, a point with no known limit cannot speed and ends an episode', () => {
    const d = admin();
    d.feed(drive(13.025, 5, 200)); // untagged road
    expect(d.events).toEqual([]);
    d.feed([pt(LAT, 13.015, 100, 100 * KMH), pt(LAT, 13.025, 101, 100 * KMH), pt(LAT, 13.015, 102, 100 * KMH)]);
    expect(short(d.events)).toEqual(['speeding:s@100', 'speeding:s@102']);
  });

  it('asks the lookup once per evaluated point, and only for such monitors', () => {
    let calls = 0;
    const counting = (lat: number, lon: number) => (calls++, roads(lat, lon));
    const plain = new Drive([monitor('c', 'speeding', { speeding_config: { customer_speed_limit: 10, time_tolerance: 0 } })], []);
    plain.speedLimitAt = counting;
    plain.feed(drive(13.005, 5, 70));
    expect(calls).toBe(0);
    const two = new Drive(
      [
        monitor('a', 'speeding', { speeding_config: { use_admin_speed_limit: true, time_tolerance: 0 } }),
        monitor('b', 'speeding', { speeding_config: { use_admin_speed_limit: true, customer_speed_limit: 5, time_tolerance: 0 } }),
      ],
      [],
    );
    two.speedLimitAt = counting;
    const points = drive(13.005, 5, 70);
    two.feed(points);
    two.feed(points); // replayed: nothing evaluated, nothing looked up
    expect(calls).toBe(5);
    expect(short(two.events)).toEqual(['speeding:a@0', 'speeding:b@0']);
  });

  it('no lookup at all (no road network): only the customer limit', () => {
    const d = new Drive(
      [monitor('s', 'speeding', { speeding_config: { use_admin_speed_limit: true, customer_speed_limit: 25, time_tolerance: 0 } })],
      [],
    );
    d.feed(drive(13.005, 3, 70));
    expect(d.events).toEqual([]);
    d.feed(drive(13.005, 2, 100, 10));
    expect(short(d.events)).toEqual(['speeding:s@10']);
  });
});

import { describe, expect, it } from 'vitest';
import { buildNetworkFromGeoJSON, NetworkRegistry } from '../../../shared/roads/index';
import { directionsBody } from '../../../shared/routing/schemas';
import { directions } from '../../../shared/routing/service/directions';
import { planRests } from '../../../shared/routing/service/rests';
import type { RouteLeg } from '../../../shared/roads/types';
import { BASE_LAT, BASE_LON, DLAT, DLON, gridNetwork } from '../../fixtures/routing/graphs';

// Directions' drive_time_limits and rest_times: rests placed where each limit of continuous
// driving runs out, and the route's timing with them.

const P = (x: number, y: number) => ({ lat: BASE_LAT + y * DLAT, lon: BASE_LON + x * DLON });
const text = (p: { lat: number; lon: number }) => `${p.lat},${p.lon}`;

/** A leg along one straight segment of 1000 s, from (0, 0) to (0, 1). */
const leg = (duration: number, from = 0, to = 1): RouteLeg => ({
  distance: 1000,
  duration,
  coordinates: [
    [0, from],
    [0, to],
  ],
  edges: [0],
});

describe('rest planning', () => {
  it('rests after each limit with its rest time, 0 s where rest_times run short', () => {
    const plan = planRests([leg(1000)], () => 1, [500, 300], [60]);
    expect(plan.stops.map((s) => ({ ...s, at: s.at.map((x) => Math.round(x * 1000) / 1000) }))).toEqual([
      { at: [0, 0.5], leg: 0, time: 500, duration: 60 },
      { at: [0, 0.8], leg: 0, time: 860, duration: 0 },
    ]);
    expect(plan.restPerLeg).toEqual([60]);
    expect(plan.overrun).toBeCloseTo(200, 6);
  });

  it('schedules nothing for a trip shorter than the first limit, or ending exactly on it', () => {
    expect(planRests([leg(400)], () => 1, [500], [60]).stops).toEqual([]);
    expect(planRests([leg(500)], () => 1, [500], [60])).toMatchObject({ stops: [], overrun: 0 });
  });

  it('keeps the driving clock across waypoints and puts the rest in the leg where it falls', () => {
    const plan = planRests([leg(300, 0, 1), leg(300, 1, 2)], () => 1, [400], [100, 999]);
    expect(plan.stops).toHaveLength(1);
    expect(plan.stops[0]).toMatchObject({ leg: 1, time: 400, duration: 100 });
    expect(plan.stops[0].at[1]).toBeCloseTo(1 + 100 / 300, 6);
    expect(plan.restPerLeg).toEqual([0, 100]);
  });
});

describe('directions with drive_time_limits', () => {
  const registry = new NetworkRegistry().add(buildNetworkFromGeoJSON(gridNetwork(5, 2), { name: 'grid' }));
  const body = (extra: Record<string, unknown>) =>
    directionsBody.parse({ origin: text(P(0, 0)), destination: text(P(4, 0)), waypoints: text(P(2, 0)), ...extra });

  it('adds rest stops and their time to the legs and the route, and warns when driving goes on past the last limit', () => {
    const plain = directions(registry, body({}));
    const drive = plain.route.duration;
    const rested = directions(
      registry,
      body({ drive_time_limits: `${Math.floor(drive / 4)},${Math.floor(drive / 4)}`, rest_times: '600,300' }),
    );
    expect(rested.route.rest_stops).toHaveLength(2);
    expect(rested.route.rest_stops!.map((s) => s.duration)).toEqual([600, 300]);
    expect(rested.route.rest_stops![1].time).toBeCloseTo(2 * Math.floor(drive / 4) + 600, 0);
    expect(rested.route.rest_stops!.map((s) => s.leg_index)).toEqual([0, 1]);
    expect(rested.route.duration).toBeCloseTo(drive + 900, 0);
    expect(rested.route.legs.map((l) => l.duration.value)).toEqual(plain.route.legs.map((l, i) => l.duration.value + [600, 300][i]));
    expect(rested.warning?.[0]).toMatch(/^drive_time_limits: the route drives \d+(\.\d)? s after the last of its 2 drive-time limits/);
    const covered = directions(registry, body({ drive_time_limits: `${Math.floor(drive / 2)},${drive}`, rest_times: '60' }));
    expect(covered.warning).toBeUndefined();
    expect(covered.route.duration).toBeCloseTo(drive + 60, 0);
    expect(plain.route.rest_stops).toBeUndefined();
  });

  it('refuses rest_times alone and values out of range, naming the field', () => {
    const issues = (extra: Record<string, unknown>) =>
      directionsBody
        .safeParse({ origin: text(P(0, 0)), destination: text(P(4, 0)), ...extra })
        .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    const read = (extra: Record<string, unknown>) => directionsBody.parse({ origin: text(P(0, 0)), destination: text(P(4, 0)), ...extra });
    expect(read({ drive_time_limits: '[500, 300]', rest_times: 60 })).toMatchObject({ drive_time_limits: [500, 300], rest_times: [60] });
    expect(read({ drive_time_limits: [500, 300] }).drive_time_limits).toEqual([500, 300]);
    expect(issues({ rest_times: '60' })).toEqual(['rest_times: needs drive_time_limits: each rest follows one drive-time limit']);
    expect(issues({ drive_time_limits: '0' })).toEqual(['drive_time_limits: must be numbers from 1 to 604800 joined by "," (got "0")']);
    expect(issues({ drive_time_limits: '600', rest_times: '-5' })).toEqual([
      'rest_times: must be numbers from 0 to 604800 joined by "," (got "-5")',
    ]);
  });
});

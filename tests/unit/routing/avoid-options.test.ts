import { describe, expect, it, vi } from 'vitest';
import { buildNetworkFromGeoJSON, NetworkRegistry } from '../../../shared/roads/index';
import { travelOptions } from '../../../shared/routing/params';
import { withAvoidAreas } from '../../../shared/routing/avoid-areas';
import { directionsBody, distanceMatrixQuery } from '../../../shared/routing/schemas';
import { directions } from '../../../shared/routing/service/directions';
import { travelMatrix } from '../../../shared/routing/service/matrix';
import { createBody } from '../../../shared/matrix/schemas';
import { answer } from '../../../shared/batch/dispatch';
import type { StoredGeofence } from '../../../shared/geofence/model';
import { BASE_LAT, BASE_LON, DLAT, DLON, gp, gridNetwork } from '../../fixtures/routing/graphs';

// The client's turn, tunnel and geofence avoids: how requests read them, the 400s naming field
// and rule, and the TravelOptions that reach the engine (asserted on the options the engine is
// called with, so they hold whatever the engine then makes of turns).

const P = (x: number, y: number) => ({ lat: BASE_LAT + y * DLAT, lon: BASE_LON + x * DLON });
const text = (p: { lat: number; lon: number }) => `${p.lat},${p.lon}`;
const a = text(P(0, 0));
const b = text(P(4, 2));
const issues = (r: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('turn avoids to TravelOptions', () => {
  const options = (body: Record<string, unknown>) => travelOptions(directionsBody.parse({ origin: a, destination: b, ...body }));

  it('map avoid turn kinds to turns.avoid (soft) and exclude turn kinds to turns.exclude (hard)', () => {
    expect(options({ avoid: 'left_turn|uturn' }).turns).toEqual({ avoid: { leftTurn: true, uturn: true } });
    expect(options({ exclude: 'right_turn' }).turns).toEqual({ exclude: { rightTurn: true } });
    expect(options({ avoid: 'toll' }).turns).toBeUndefined();
  });

  it('give sharp_turn the client default range [120, 240] as 60 degrees off straight, or 180 - turn_angle_range', () => {
    expect(options({ avoid: 'sharp_turn' }).turns).toEqual({ avoid: { sharpTurn: true }, sharpTurnAngle: 60 });
    expect(options({ avoid: 'sharp_turn', turn_angle_range: 150 }).turns?.sharpTurnAngle).toBe(30);
    expect(options({ exclude: 'sharp_turn', turn_angle_range: '0' }).turns).toEqual({ exclude: { sharpTurn: true }, sharpTurnAngle: 180 });
  });

  it('make tunnel a hard exclusion that exclude keeps', () => {
    expect(options({ avoid: 'tunnel|toll', exclude: 'ferry' }).avoid).toEqual({ toll: true, exclude: { tunnel: true, ferry: true } });
  });

  it('refuse turn_angle_range without sharp_turn, or out of 0-180, naming the field', () => {
    expect(issues(directionsBody.safeParse({ origin: a, destination: b, turn_angle_range: 90 }))).toEqual([
      'turn_angle_range: counts only with avoid=sharp_turn or exclude=sharp_turn (it sets which turns are sharp); add one or leave it out',
    ]);
    expect(issues(directionsBody.safeParse({ origin: a, destination: b, avoid: 'sharp_turn', turn_angle_range: 200 }))).toEqual([
      'turn_angle_range: must be degrees from 0 to 180',
    ]);
    expect(issues(directionsBody.safeParse({ origin: a, destination: b, avoid: 'sharp_turn', turn_angle_range: 'wide' }))).toEqual([
      'turn_angle_range: must be degrees from 0 to 180',
    ]);
  });

  it('refuse geofence ids in the asynchronous matrix, which cannot carry their shapes', () => {
    expect(issues(createBody.safeParse({ origins: a, avoid: 'geofence_id:x' }))?.[0]).toMatch(
      /^avoid: "geofence_id:\.\.\." is not supported by the asynchronous matrix/,
    );
    expect(createBody.parse({ origins: a, avoid: 'uturn|tunnel' }).avoid).toEqual({
      avoid: { exclude: { tunnel: true } },
      turns: ['uturn'],
      geofenceIds: [],
    });
  });

  it('refuse a request naming geofences whose shapes were not read, as a batch request does', () => {
    const p = directionsBody.parse({ origin: a, destination: b, avoid: 'geofence_id:x' });
    expect(() => travelOptions(p)).toThrow(/avoid: geofence_id is not available here/);
    const registry = new NetworkRegistry().add(buildNetworkFromGeoJSON(gridNetwork(5, 3), { name: 'grid' }));
    expect(answer(registry, `/directions/json?origin=${a}&destination=${b}&avoid=geofence_id:x`)).toEqual({
      status_code: 400,
      response: expect.objectContaining({ field: 'avoid', message: expect.stringMatching(/^avoid: geofence_id is not available here/) }),
    });
    expect(answer(registry, `/directions/json?origin=${a}&destination=${b}&avoid=left_turn`).status_code).toBe(200);
  });
});

describe('the options the engine is called with', () => {
  const net = buildNetworkFromGeoJSON(gridNetwork(5, 3), { name: 'grid' });
  const registry = new NetworkRegistry().add(net);

  it('carry turns, tunnel and areas from directions and from the distance matrix', async () => {
    const route = vi.spyOn(net, 'route');
    const fence: StoredGeofence = {
      record: {
        id: 'crossing',
        type: 'polygon',
        geojson: {
          type: 'Polygon',
          coordinates: [[gp(1.7, 0.7), gp(2.3, 0.7), gp(2.3, 1.3), gp(1.7, 1.3), gp(1.7, 0.7)] as [number, number][]],
        },
        tags: [],
        created_at: 0,
        updated_at: 0,
      },
      createdKey: '0',
      rev: '1',
    };
    const store = { getMany: async (_space: string, ids: readonly string[]) => (ids.includes('crossing') ? [fence] : []) };
    const body = directionsBody.parse({
      origin: text(P(0, 1)),
      destination: text(P(4, 1)),
      avoid: 'left_turn|sharp_turn|tunnel|geofence_id:crossing',
      turn_angle_range: 100,
    });
    const answer = directions(registry, await withAvoidAreas(store, 'space', body));
    const sent = route.mock.calls[0][1]!;
    expect(sent.turns).toEqual({ avoid: { leftTurn: true, sharpTurn: true }, sharpTurnAngle: 80 });
    expect(sent.avoid).toMatchObject({ exclude: { tunnel: true }, areas: [fence.record.geojson.coordinates] });
    // The area covers the middle row's crossing: the route goes round it.
    expect(answer.route.distance).toBeCloseTo(600, 0);
    route.mockRestore();

    const matrix = vi.spyOn(net, 'matrix');
    const query = distanceMatrixQuery.parse({ origins: text(P(0, 1)), destinations: text(P(4, 1)), avoid: 'uturn|geofence_id:crossing' });
    const m = travelMatrix(registry, await withAvoidAreas(store, 'space', query));
    expect(matrix.mock.calls[0][1]).toMatchObject({
      turns: { avoid: { uturn: true } },
      avoid: { areas: [fence.record.geojson.coordinates] },
    });
    expect(Math.round(m.distances[0])).toBe(600);
    matrix.mockRestore();

    await expect(
      withAvoidAreas(store, 'space', { ...body, avoid: { ...body.avoid!, geofenceIds: ['crossing', 'gone'] } }),
    ).rejects.toMatchObject({
      status: 404,
      field: 'avoid',
      message: `avoid: no geofence "gone" among this key's geofences`,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { GeoError, geofenceGeometry, haversineMeters } from '../../../shared/geo';

describe('geofenceGeometry', () => {
  it('circle: display polygon, center, radius, cap area', () => {
    const g = geofenceGeometry({ type: 'circle', circle: { center: { lat: 1, lon: 2 }, radius: 1000 } });
    expect(g.circle_center).toEqual({ lat: 1, lon: 2 });
    expect(g.circle_radius).toBe(1000);
    expect(g.geojson.coordinates[0]).toHaveLength(65);
    const [lon, lat] = g.geojson.coordinates[0][10];
    expect(haversineMeters({ lat: 1, lon: 2 }, { lat, lon })).toBeCloseTo(1000, 3);
    expect(g.areaKm2).toBeCloseTo(Math.PI, 4);
  });
  it('polygon: documented form and the client forms', () => {
    const ring = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    for (const polygon of [
      { geojson: { type: 'Polygon', coordinates: [ring] } },
      { geojson: { type: 'Polygon', coordinates: ring } },
      { geojson: { geometry: { type: 'Polygon', coordinates: [ring] } } },
    ]) {
      const g = geofenceGeometry({ type: 'polygon', polygon });
      expect(g.geojson).toEqual({ type: 'Polygon', coordinates: [ring] });
      expect(g.circle_center).toBeUndefined();
    }
  });
  it('errors name the field', () => {
    const cases: Array<[unknown, number, RegExp]> = [
      [{ type: 'circle', circle: { center: { lat: 1, lon: 2 }, radius: 60000 } }, 400, /circle\.radius .* at most 50000/],
      [{ type: 'circle' }, 400, /circle is required/],
      [
        {
          type: 'polygon',
          polygon: {
            geojson: {
              type: 'Polygon',
              coordinates: [
                [
                  [0, 0],
                  [1, 0],
                  [1, 1],
                  [0, 1],
                ],
              ],
            },
          },
        },
        422,
        /^polygon\.geojson: ring is open/,
      ],
      [{ type: 'isochrone' }, 400, /circle" and "polygon/],
    ];
    for (const [body, status, msg] of cases) {
      try {
        geofenceGeometry(body as { type?: unknown });
        throw new Error('expected an error');
      } catch (e) {
        expect(e).toBeInstanceOf(GeoError);
        expect((e as GeoError).status).toBe(status);
        expect((e as GeoError).message).toMatch(msg);
      }
    }
  });
});

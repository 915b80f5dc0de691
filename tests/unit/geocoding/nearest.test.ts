import { describe, expect, it } from 'vitest';
import { getDefaultIndex, haversineMeters, nearestPlacesOf, reverseGeocode } from '../../../shared/geocoding';
import { CustomPlaceIndex } from '../../../shared/geocoding';
import { seededRandom } from '../../fixtures/random';

// The grid's nearest places against a scan of the whole gazetteer, at random points, at the
// poles and across the antimeridian.

const index = getDefaultIndex();
const g = index.g;

/** The k smallest distances to every place, kept in order as the scan goes (sorting all 119k places per point took most of this file's time). */
function bruteForce(lat: number, lng: number, k: number): number[] {
  const best: number[] = [];
  for (let i = 0; i < g.size; i++) {
    const m = haversineMeters(lat, lng, g.lat[i], g.lon[i]);
    if (best.length === k && m >= best[k - 1]) continue;
    let at = best.length === k ? k - 1 : best.length;
    while (at > 0 && best[at - 1] > m) {
      best[at] = best[at - 1];
      at--;
    }
    best[at] = m;
  }
  return best;
}

describe('nearest places grid', () => {
  it('agrees with a full scan', () => {
    const random = seededRandom(7);
    const points: [number, number][] = [
      [89.9, 0],
      [-89.9, 45],
      [0, 179.99],
      [-16.5, -179.99],
      [65.5, -168.9],
    ];
    for (let n = 0; n < 40; n++) points.push([random() * 180 - 90, random() * 360 - 180]);
    const grid = nearestPlacesOf(index);
    for (const [lat, lng] of points) {
      const got = grid.nearest(lat, lng, 3).map((x) => x.meters);
      expect(got, `${lat},${lng}`).toEqual(bruteForce(lat, lng, 3));
    }
    // 6.5 s at load average 16 (40 s there with a full sort of every place per point).
  }, 60_000);

  it('honours the filter and the distance cap', () => {
    const grid = nearestPlacesOf(index);
    const swedish = grid.nearest(57.7, 11.97, 5, (i) => g.countries[g.country[i]].alpha3 === 'NOR');
    expect(swedish.every((x) => g.countries[g.country[x.i]].alpha3 === 'NOR')).toBe(true);
    expect(grid.nearest(0, -140, 3, undefined, 10_000)).toEqual([]);
  });
});

describe('reverseGeocode', () => {
  const overlay = new CustomPlaceIndex([
    {
      docId: 'depot',
      place: [{ geopoint: { lat: 57.7, lng: 11.97 }, poi: { title: 'Depot' } }],
      dataSource: { source: 'x', status: 'enable' },
    },
    {
      docId: 'hidden',
      place: [{ geopoint: { lat: 57.7, lng: 11.97 }, poi: { title: 'Hidden' } }],
      dataSource: { source: 'x', status: 'disable' },
    },
    {
      docId: 'goteborg-override',
      place: [{ geopoint: { lat: 10, lng: 10 }, poi: { title: 'Elsewhere' } }],
      dataSource: { source: 'default', refId: '2711537', status: 'enable' },
    },
  ]);

  it('merges custom places by distance, skips disabled ones and overridden defaults', () => {
    const found = reverseGeocode({ at: { lat: 57.7001, lng: 11.9701 }, limit: 3 }, index, [overlay]);
    const ids = found.map((r) => r.entity.docId);
    expect(ids[0]).toBe('depot');
    expect(ids).not.toContain('hidden');
    expect(ids).not.toContain('gn:2711537');
    expect(found.map((r) => r.meters)).toEqual([...found.map((r) => r.meters)].sort((a, b) => a - b));
  });
});

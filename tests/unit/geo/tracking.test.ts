import { describe, expect, it } from 'vitest';
import {
  GeoError,
  assetCells,
  boxAreaKm2,
  coverArea,
  decodePolyline,
  densifyTrack,
  descendantBounds,
  encodePolyline,
  haversineMeters,
  indexMove,
  indexSortKey,
  parseBound,
  parseLatLon,
  parseLatLonList,
  parseSearchPolygon,
  rangesContainCell,
  trackGeometry,
  trackLengthMeters,
  trackToLineString,
  H3_COARSE_RES,
  H3_FINE_RES,
} from '../../../shared/geo';
import { cellToChildren, cellToParent, getResolution, isValidCell, latLngToCell } from 'h3-js';

function geoErr(fn: () => unknown): GeoError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(GeoError);
    return e as GeoError;
  }
  throw new Error('expected a GeoError');
}

describe('parsing "lat,lon"', () => {
  it('parses numbers with spaces and signs', () => {
    expect(parseLatLon(' 52.5 , -13.4 ')).toEqual({ lat: 52.5, lon: -13.4 });
    expect(parseLatLonList('1,2|3,4')).toEqual([
      { lat: 1, lon: 2 },
      { lat: 3, lon: 4 },
    ]);
  });
  it('errors name the field, index and rule', () => {
    expect(geoErr(() => parseLatLon('91,0', 'center')).message).toMatch(/center: latitude 91 .* between -90 and 90/);
    expect(geoErr(() => parseLatLon('0,181')).message).toMatch(/longitude 181 .* between -180 and 180/);
    expect(geoErr(() => parseLatLon('1;2')).message).toMatch(/"lat,lon"/);
    expect(geoErr(() => parseLatLon('1,2,3')).message).toMatch(/one comma/);
    expect(geoErr(() => parseLatLon('a,2')).message).toMatch(/decimal numbers/);
    expect(geoErr(() => parseLatLon('')).status).toBe(400);
    expect(geoErr(() => parseLatLonList('1,2|x,2|3,4')).message).toMatch(/^locations\[1\]/);
    expect(geoErr(() => parseLatLonList('1,2|3,4', 'locations', { max: 1 })).message).toMatch(/at most 1/);
  });
  it('bound: order, antimeridian and the 3000 km2 limit', () => {
    expect(parseBound('52,13|52.3,13.5').areaKm2).toBeLessThan(3000);
    expect(geoErr(() => parseBound('53,13|52,14')).message).toMatch(/south-west latitude 53 must be less/);
    expect(geoErr(() => parseBound('52,13|53,14')).code).toBe('area_too_large');
    const am = parseBound('0,179.9|0.2,-179.9');
    expect(am.box.west).toBe(179.9);
    expect(am.areaKm2).toBeCloseTo(boxAreaKm2({ west: 0, east: 0.2, south: 0, north: 0.2 }), 6);
  });
  it('search polygon pipe form', () => {
    const v = parseSearchPolygon('52.5,13.3|52.5,13.5|52.6,13.5|52.5,13.3');
    expect(v.ring[0]).toEqual([13.3, 52.5]);
    expect(geoErr(() => parseSearchPolygon('52.5,13.3|52.5,13.5|52.6,13.5')).code).toBe('polygon_open_ring');
    expect(geoErr(() => parseSearchPolygon('50,10|50,11|51,11|51,10|50,10')).status).toBe(400);
  });
});

describe('tracks', () => {
  const track = [
    { lat: 0, lon: 0, timestamp: 1_700_000_000_000 },
    { lat: 0, lon: 0.01, timestamp: 1_700_000_010_000 },
    { lat: 0.01, lon: 0.01, timestamp: 1_700_000_020_000 },
  ];
  it('length is the sum of haversine legs', () => {
    expect(trackLengthMeters(track)).toBeCloseTo(haversineMeters(track[0], track[1]) * 2, 3);
    expect(trackLengthMeters([])).toBe(0);
  });
  it('densify keeps originals, bounds the gaps and interpolates timestamps', () => {
    const d = densifyTrack(track, 100);
    expect(d.filter((p) => !p.interpolated).map((p) => p.originalIndex)).toEqual([0, 1, 2]);
    for (let i = 1; i < d.length; i++) expect(haversineMeters(d[i - 1], d[i])).toBeLessThanOrEqual(100 + 1e-6);
    expect(trackLengthMeters(d)).toBeCloseTo(trackLengthMeters(track), 3);
    const mid = d.find((p) => p.interpolated)!;
    expect(mid.timestamp).toBeGreaterThan(track[0].timestamp);
    expect(mid.timestamp).toBeLessThan(track[1].timestamp);
  });
  it('polyline: Google reference string and geometry types', () => {
    const pts = [
      { lat: 38.5, lon: -120.2 },
      { lat: 40.7, lon: -120.95 },
      { lat: 43.252, lon: -126.453 },
    ];
    expect(encodePolyline(pts, 5)).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@');
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@', 5)).toEqual(pts);
    expect(decodePolyline(encodePolyline(pts, 6), 6)).toEqual(pts);
    expect(trackGeometry(pts, 'polyline6').geometry![0]).toBe(encodePolyline(pts, 6));
    expect(trackGeometry(pts, 'geojson').geojson).toEqual(trackToLineString(pts));
    expect(trackToLineString(pts).coordinates[0]).toEqual([-120.2, 38.5]);
  });
});

describe('H3 storage scheme', () => {
  it('asset cells: fine resolution 10, coarse is its hierarchical parent at 4', () => {
    const c = assetCells({ lat: 52.52, lon: 13.405 });
    expect(getResolution(c.fine)).toBe(H3_FINE_RES);
    expect(getResolution(c.coarse)).toBe(H3_COARSE_RES);
    expect(cellToParent(c.fine, H3_COARSE_RES)).toBe(c.coarse);
    expect(c.fine).toHaveLength(15);
    expect(indexSortKey(c.fine, 'truck-1')).toBe(`${c.fine}#truck-1`);
  });
  it('descendant bounds are the min and max of the children, and hex order equals numeric order', () => {
    const cell = latLngToCell(48.85, 2.35, 8);
    const { lo, hi } = descendantBounds(cell, 10);
    const kids = cellToChildren(cell, 10)
      .map((k) => BigInt(`0x${k}`))
      .sort((a, b) => (a < b ? -1 : 1));
    expect(lo).toBe(kids[0]);
    expect(hi).toBe(kids[kids.length - 1]);
    expect(isValidCell(lo.toString(16))).toBe(true);
    const hex = cellToChildren(cell, 10);
    expect([...hex].sort()).toEqual([...hex].sort((a, b) => (BigInt(`0x${a}`) < BigInt(`0x${b}`) ? -1 : 1)));
  });
  it('cover of a 500 m circle: few ranges, sort-key bounds bracket the items', () => {
    const center = { lat: 52.52, lon: 13.405 };
    const cov = coverArea({ type: 'circle', center, radius: 500 });
    expect(cov.ranges.length).toBeGreaterThan(0);
    expect(cov.ranges.length).toBeLessThanOrEqual(16);
    const { fine, coarse } = assetCells(center);
    expect(rangesContainCell(cov.ranges, fine)).toBe(true);
    const r = cov.ranges.find((x) => fine >= x.loCell && fine <= x.hiCell)!;
    expect(r.coarse).toBe(coarse);
    const sk = indexSortKey(fine, 'zz~~');
    expect(sk >= r.from && sk <= r.to).toBe(true);
  });
  it('refuses areas around a pole', () => {
    expect(geoErr(() => coverArea({ type: 'circle', center: { lat: 89.9999, lon: 0 }, radius: 1000 })).status).toBe(400);
  });
});

describe('index moves', () => {
  it('reports key and partition changes', () => {
    const a = { lat: 52.52, lon: 13.405 };
    const first = indexMove(null, a, 'x');
    expect(first.keyChanged).toBe(true);
    expect(first.next.sk).toBe(`${assetCells(a).fine}#x`);
    expect(indexMove(a, { lat: 52.52, lon: 13.405 + 1e-9 }, 'x').keyChanged).toBe(false);
    const far = indexMove(a, { lat: 48.85, lon: 2.35 }, 'x');
    expect(far.keyChanged && far.partitionChanged).toBe(true);
    expect(far.prev!.sk).toBe(first.next.sk);
  });
});

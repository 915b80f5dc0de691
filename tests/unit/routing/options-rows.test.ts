import { describe, expect, it } from 'vitest';
import { buildNetworkFromGeoJSON, RoutingInputError } from '../../../shared/roads/index';
import { matrixRows, unreachableCount } from '../../../shared/routing/matrix-utils';
import { parseAvoid, parseTruck } from '../../../shared/routing/options';
import { BASE_LAT, BASE_LON, DLAT, DLON, gridNetwork } from '../../fixtures/routing/graphs';

const P = (x: number, y: number) => ({ lat: BASE_LAT + y * DLAT, lon: BASE_LON + x * DLON });

describe('API options', () => {
  it('parses API-shaped truck and avoid options', () => {
    expect(parseTruck('400,250,1200', 12000)).toEqual({ heightCm: 400, widthCm: 250, lengthCm: 1200, weightKg: 12000 });
    expect(() => parseTruck('1,2')).toThrow(RoutingInputError);
    const { avoid, ignored } = parseAvoid(['toll', 'bbox', 'uturn'], ['57.7,11.9,57.8,12.0']);
    expect(avoid.toll).toBe(true);
    expect(avoid.bboxes).toHaveLength(1);
    expect(ignored).toEqual(['uturn']);
  });
});

describe('API matrix rows', () => {
  const net = buildNetworkFromGeoJSON(gridNetwork(5, 5), { name: 'grid' });

  it('matrixRows gives integer nested arrays with a chosen unreachable value', () => {
    const m = net.matrix([P(0, 0), P(2, 2)]);
    expect(matrixRows(m, 'distances')).toEqual([
      [0, 400],
      [400, 0],
    ]);
    const fake = { ...m, durations: Float64Array.from([0, Infinity, 5.4, 0]) };
    expect(matrixRows(fake, 'durations', { unreachable: 9_999_999 })).toEqual([
      [0, 9_999_999],
      [5, 0],
    ]);
    expect(unreachableCount(fake)).toBe(1);
  });
});

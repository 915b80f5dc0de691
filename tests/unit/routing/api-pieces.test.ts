import { describe, expect, it } from 'vitest';
import { avoidParam, bearingsParam, latLngList } from '../../../shared/routing/params';
import { distanceMatrixQuery, isochroneQuery } from '../../../shared/routing/schemas';
import { modifierOf, turnAngle } from '../../../shared/routing/service/steps';
import { simplifyLine, simplifyRing } from '../../../shared/routing/simplify';

// The pure pieces of the routing API: parameter parsing, turn naming and line simplification.

describe('routing parameters', () => {
  it('reads points, avoid values and bearings, and names what is wrong', () => {
    expect(latLngList(1, 3).parse('57.7,11.9|57.8,12')).toEqual([
      { lat: 57.7, lon: 11.9 },
      { lat: 57.8, lon: 12 },
    ]);
    expect(latLngList(1, 3).safeParse('57.7,11.9|91,12').error?.issues[0].message).toMatch(/point 1 .*latitude 91/);
    expect(latLngList(1, 1).safeParse('1,1|2,2').error?.issues[0].message).toMatch(/1 to 1 points/);
    expect(avoidParam.parse('toll|ferry|bbox:57.71,11.96,57.70,11.95').avoid).toEqual({
      toll: true,
      ferry: true,
      bboxes: [{ minLat: 57.7, minLon: 11.95, maxLat: 57.71, maxLon: 11.96 }],
    });
    expect(avoidParam.parse('none').avoid).toEqual({});
    expect(avoidParam.safeParse('none|toll').success).toBe(false);
    expect(avoidParam.safeParse('bridge').error?.issues[0].message).toMatch(/"bridge" is not supported/);
    expect(bearingsParam.parse('90,20;;180,45')).toEqual([{ bearing: 90, range: 20 }, undefined, { bearing: 180, range: 45 }]);
    expect(bearingsParam.safeParse('400,20').success).toBe(false);
  });

  it('keeps matrices inside the synchronous limit and isochrones to four increasing contours', () => {
    const many = Array.from({ length: 400 }, () => '57.7,11.9').join('|');
    const big = distanceMatrixQuery.safeParse({ origins: many, destinations: many });
    expect(big.error?.issues[0].message).toMatch(/at most 100000 .*\/mdm\/create/);
    expect(isochroneQuery.safeParse({ coordinates: '57.7,11.9', contours_minutes: '10,5' }).error?.issues[0].message).toBe(
      'must be increasing',
    );
    expect(isochroneQuery.safeParse({ coordinates: '57.7,11.9', contours_minutes: '41' }).success).toBe(false);
    const both = isochroneQuery.parse({ coordinates: '57.7,11.9', contours_minutes: '5', contours_meters: '500' });
    expect(both).toMatchObject({ contours_minutes: [5], contours_meters: undefined });
  });
});

describe('turns', () => {
  it('measures signed turns across north and names them', () => {
    expect(turnAngle(350, 10)).toBe(20);
    expect(turnAngle(10, 350)).toBe(-20);
    expect(modifierOf(5)).toBe('straight');
    expect(modifierOf(-40)).toBe('slight left');
    expect(modifierOf(90)).toBe('right');
    expect(modifierOf(-150)).toBe('sharp left');
    expect(modifierOf(178)).toBe('uturn');
  });
});

describe('simplification', () => {
  it('drops points within the tolerance and keeps corners and ring closure', () => {
    const line: Array<[number, number]> = [
      [57.7, 11.9],
      [57.70001, 11.901],
      [57.7, 11.902],
      [57.71, 11.902],
    ];
    expect(simplifyLine(line, 5)).toEqual([line[0], line[2], line[3]]);
    expect(simplifyLine(line, 0)).toEqual(line);
    const ring: Array<[number, number]> = [
      [0, 0],
      [0, 0.001],
      [0.001, 0.001],
      [0.001, 0],
      [0, 0],
    ];
    expect(simplifyRing(ring, 1_000_000)).toEqual(ring);
  });
});

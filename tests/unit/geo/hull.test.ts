import { describe, expect, it } from 'vitest';
import { convexHull } from '../../../shared/geo/hull';

describe('convexHull', () => {
  it('keeps the corners of a square around inner and edge points, closed and counter-clockwise', () => {
    const ring = convexHull([
      [0, 0],
      [2, 0],
      [1, 1],
      [2, 2],
      [0, 2],
      [1, 0],
    ]);
    expect(ring).toEqual([
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
      [0, 0],
    ]);
  });

  it('has no ring for points on one line or fewer than three', () => {
    expect(
      convexHull([
        [0, 0],
        [1, 1],
        [2, 2],
      ]),
    ).toBeUndefined();
    expect(
      convexHull([
        [0, 0],
        [0, 0],
        [0, 0],
      ]),
    ).toBeUndefined();
    expect(convexHull([])).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { travelOptions } from '../../../shared/optimization/matrices';
import type { OptimizationRequest } from '../../../shared/optimization/schemas';

// options.routing.avoid read as the routing API reads avoid: what reaches the engine's TravelOptions.

const request = (avoid: string[] | string) =>
  ({
    locations: { location: ['57.7,11.9', '57.71,11.91'] },
    vehicles: [{ id: 'v', start_index: 0 }],
    options: { routing: { avoid } },
  }) as unknown as OptimizationRequest;

describe('optimization avoid to TravelOptions', () => {
  it('passes turn kinds as soft turn avoids, sharp_turn with the client default angle', () => {
    const o = travelOptions(request(['toll', 'uturn', 'sharp_turn', 'left_turn', 'right_turn']), 'car');
    expect(o.avoid).toEqual({ toll: true });
    expect(o.turns).toEqual({ avoid: { uturn: true, sharpTurn: true, leftTurn: true, rightTurn: true }, sharpTurnAngle: 60 });
  });

  it('excludes tunnels, keeps boxes hard, and adds no turn options when no turn is named', () => {
    const o = travelOptions(request('tunnel|bbox: 57.7,11.9,57.71,11.91'), 'car');
    expect(o.avoid).toEqual({ exclude: { tunnel: true }, bboxes: [{ minLat: 57.7, minLon: 11.9, maxLat: 57.71, maxLon: 11.91 }] });
    expect(o.turns).toBeUndefined();
  });
});

/** A hierarchy built in stripes on worker threads answers as one built in one piece. */
import { describe, expect, it } from 'vitest';
import { Network, synthNetwork, type LatLon } from '../../../shared/roads/index';
import { seededRandom } from '../../fixtures/random';

describe('hierarchy built in parts on threads', () => {
  it('gives the same matrix as the hierarchy built in one piece and as Dijkstra', async () => {
    const data = synthNetwork({ nodes: 20_000, seed: 5 });
    const whole = new Network(data);
    const parts = new Network(data);
    const built = await parts.prepareInParts({}, 2);
    expect(built.loaded).toBe(false);
    expect(built.shortcuts).toBeGreaterThan(0);
    whole.prepare({});
    const rand = seededRandom(11);
    const points: LatLon[] = Array.from({ length: 25 }, () => {
      const i = Math.floor(rand() * data.lat.length);
      return { lat: data.lat[i], lon: data.lon[i] };
    });
    const a = parts.matrix(points, { method: 'ch' });
    const b = whole.matrix(points, { method: 'ch' });
    const reference = new Network(data).matrix(points, { method: 'dijkstra' });
    for (let k = 0; k < a.durations.length; k++) {
      expect(a.durations[k]).toBeCloseTo(b.durations[k], 6);
      expect(a.durations[k]).toBeCloseTo(reference.durations[k], 6);
      expect(a.distances[k]).toBeCloseTo(reference.distances[k], 3);
    }
  }, 30_000);
});

import { describe, expect, it } from 'vitest';
import { matrixJson } from '../../../shared/routing/service/matrix-json';
import { seededRandom } from '../../fixtures/random';

// The distance matrix body is written as text without JSON.stringify; it must be byte for byte
// what JSON.stringify gives for the same object.

function asObjects(origins: number, destinations: number, distances: Float64Array, durations: Float64Array, msg?: string) {
  const rows = Array.from({ length: origins }, (_, i) => ({
    elements: Array.from({ length: destinations }, (_, j) => ({
      distance: distances[i * destinations + j],
      duration: durations[i * destinations + j],
    })),
  }));
  return msg === undefined ? { status: 'Ok', rows } : { status: 'Ok', msg, rows };
}

describe('matrixJson', () => {
  it('writes what JSON.stringify writes, for every kind of whole number', () => {
    const values = [0, -0, -1, 1, 9, 10, 99, 100, 12345, 2 ** 31 - 1, 2 ** 31, 2 ** 31 + 7, 26_000_000_123, 999_999_999_999];
    const n = values.length;
    const distances = new Float64Array(n * n);
    const durations = new Float64Array(n * n);
    for (let k = 0; k < n * n; k++) {
      distances[k] = values[k % n];
      durations[k] = values[Math.floor(k / n)];
    }
    expect(matrixJson(n, n, distances, durations)).toBe(JSON.stringify(asObjects(n, n, distances, durations)));
  });

  it('rounds to whole numbers as Math.round does', () => {
    const distances = Float64Array.from([0.5, 1.49, -0.4, 2.5, 1234.5678, -1]);
    const durations = Float64Array.from([0.49, 99.5, 7, -0.6, 1e9 + 0.5, -1]);
    expect(matrixJson(2, 3, distances, durations)).toBe(
      JSON.stringify(asObjects(2, 3, distances.map(Math.round), durations.map(Math.round))),
    );
  });

  it('matches on random rectangular matrices, with and without a message', () => {
    const random = seededRandom(7);
    for (const [origins, destinations] of [
      [1, 1],
      [1, 13],
      [17, 1],
      [23, 41],
    ]) {
      const distances = Float64Array.from({ length: origins * destinations }, () =>
        random() < 0.1 ? -1 : Math.round(random() * 10 ** (1 + random() * 7)),
      );
      const durations = Float64Array.from({ length: origins * destinations }, () =>
        random() < 0.1 ? -1 : Math.round(random() * 10 ** (1 + random() * 5)),
      );
      const msg = 'great-circle "estimates" \u00e5\u00e4\u00f6 \\ \n';
      expect(matrixJson(origins, destinations, distances, durations)).toBe(
        JSON.stringify(asObjects(origins, destinations, distances, durations)),
      );
      expect(matrixJson(origins, destinations, distances, durations, msg)).toBe(
        JSON.stringify(asObjects(origins, destinations, distances, durations, msg)),
      );
    }
  });
});

// The travel and cost matrices the model holds: flat, as narrow as they stay exact, each source
// matrix held once, with transposed copies for the insertion scans.
import { greatCircleMeters } from '../../geo/sphere';
import { SolverError } from '../errors';
import type { SolverMatrices, SolverRequest, SolverVehicle } from '../types';

/**
 * A flattened n x n matrix: 32-bit where every entry is held exactly (whole seconds and metres
 * below 2^24 are), else 64-bit. The insertion scans read a matrix row per task and wait on memory
 * more than they compute, so half the bytes is more iterations (docs/solver/design.md#matrices-in-32-bits).
 */
export type Matrix = Float32Array | Float64Array;

function flatten(m: ArrayLike<ArrayLike<number>>, n: number, what: string): Matrix {
  if (m.length !== n) throw new SolverError('matrix', `${what} has ${m.length} rows, expected ${n}`);
  for (let i = 0; i < n; i++) if (m[i].length !== n) throw new SolverError('matrix', `${what} row ${i} has ${m[i].length} entries`);
  const whole = wholeOf(m, n);
  if (whole) return whole;
  const narrow = new Float32Array(n * n);
  if (copyRows(m, narrow)) return narrow;
  const wide = new Float64Array(n * n);
  copyRows(m, wide);
  return wide;
}

/**
 * Copies the rows one after another into `into`; false as soon as an entry does not come out as
 * it went in, which only 32 bits can do (a fraction, or a whole number past 2^24).
 */
export function copyRows(rows: ArrayLike<ArrayLike<number>>, into: Matrix): boolean {
  let k = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    for (let j = 0; j < row.length; j++, k++) {
      into[k] = row[j];
      if (into[k] !== row[j] && row[j] === row[j]) return false;
    }
  }
  return true;
}

/**
 * The one typed array whose consecutive slices the rows are (matrices a solver thread reads from
 * the buffer its caller shares), or null: read in place, not copied per thread.
 */
function wholeOf(m: ArrayLike<ArrayLike<number>>, n: number): Matrix | null {
  const first = m[0];
  if (!(first instanceof Float32Array || first instanceof Float64Array)) return null;
  const kind = Object.getPrototypeOf(first);
  for (let i = 1; i < n; i++) {
    const row = m[i] as Matrix;
    if (
      Object.getPrototypeOf(row) !== kind ||
      row.buffer !== first.buffer ||
      row.byteOffset !== first.byteOffset + i * n * first.BYTES_PER_ELEMENT
    )
      return null;
  }
  return first instanceof Float32Array
    ? new Float32Array(first.buffer, first.byteOffset, n * n)
    : new Float64Array(first.buffer, first.byteOffset, n * n);
}

/** `m` in 32 bits when that holds every entry exactly (see `Matrix`). */
function narrowed(m: Float64Array): Matrix {
  const narrow = new Float32Array(m.length);
  return copyRows([m], narrow) ? narrow : m;
}

/** The n x n matrix m transposed; m itself when it is symmetric (no copy). */
export function transposed(m: Matrix, n: number): Matrix {
  let symmetric = true;
  for (let i = 0; i < n && symmetric; i++)
    for (let j = i + 1; j < n; j++)
      if (m[i * n + j] !== m[j * n + i]) {
        symmetric = false;
        break;
      }
  if (symmetric) return m;
  const t = m instanceof Float32Array ? new Float32Array(n * n) : new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) t[j * n + i] = m[i * n + j];
  return t;
}

export interface TravelMatrices {
  dur: Matrix;
  dist: Matrix;
}

/**
 * The matrices of one problem, built on first use and shared by every vehicle that needs them.
 * A matrix given twice (durations that are the distances, costs that are either) is held once.
 */
export class ProblemMatrices {
  readonly defaultProfile: string;
  private readonly travelCost: string;
  private readonly bySource = new Map<object, Matrix>();
  private readonly travels = new Map<string, TravelMatrices>();
  private readonly costs = new Map<string, Matrix>();
  private readonly transposes = new Map<Matrix, Matrix>();
  private air: Matrix | null = null;

  constructor(
    private readonly req: SolverRequest,
    private readonly matrices: SolverMatrices,
    private readonly nLoc: number,
  ) {
    const profiles = Object.keys(matrices);
    if (profiles.length === 0) throw new SolverError('matrix', 'no travel matrices given');
    this.defaultProfile = 'car' in matrices ? 'car' : profiles[0];
    this.travelCost = req.options?.objective?.travel_cost ?? 'duration';
  }

  /** `speedFactor`: the vehicle's `speed_factor`; its travel durations are divided by it. */
  travel(profile: string, speedFactor = 1): TravelMatrices {
    if (speedFactor !== 1) return this.atSpeed(profile, speedFactor);
    let f = this.travels.get(profile);
    if (!f) {
      const m = this.matrices[profile];
      if (!m) throw new SolverError('profile', `no matrices for profile ${profile}`);
      f = { dur: this.flattenOnce(m.durations, `${profile} durations`), dist: this.flattenOnce(m.distances, `${profile} distances`) };
      this.travels.set(profile, f);
    }
    return f;
  }

  /**
   * Durations divided by a speed factor, rounded to whole seconds as every duration of the API is
   * (docs/solver/design.md#multi-trip-and-working-time); distances stay the profile's.
   */
  private atSpeed(profile: string, speedFactor: number): TravelMatrices {
    const key = `${profile}|speed ${speedFactor}`;
    let f = this.travels.get(key);
    if (!f) {
      const base = this.travel(profile);
      const dur = new Float64Array(base.dur.length);
      for (let i = 0; i < dur.length; i++) dur[i] = Math.round(base.dur[i] / speedFactor);
      this.travels.set(key, (f = { dur: narrowed(dur), dist: base.dist }));
    }
    return f;
  }

  /** The arc costs of vehicle v on profile p (its "Cost of a route" rule: docs/solver/design.md#semantics-worth-knowing). */
  cost(v: SolverVehicle, profile: string): Matrix {
    const speed = v.speed_factor ?? 1;
    const f = this.travel(profile, speed);
    if (this.travelCost === 'customized') return this.customized(profile);
    const perHour = v.costs?.per_hour;
    const perKm = v.costs?.per_km;
    // Explicit vehicle rates win over travel_cost.
    if (perHour !== undefined || perKm !== undefined)
      return this.rated(f, speed === 1 ? profile : `${profile}|speed ${speed}`, perHour ?? 0, perKm ?? 0);
    if (this.travelCost === 'distance') return f.dist;
    if (this.travelCost === 'air_distance') return this.airDistances();
    return f.dur;
  }

  transposeOf(m: Matrix): Matrix {
    let t = this.transposes.get(m);
    if (!t) this.transposes.set(m, (t = transposed(m, this.nLoc)));
    return t;
  }

  private flattenOnce(m: ArrayLike<ArrayLike<number>>, what: string): Matrix {
    let f = this.bySource.get(m);
    if (!f) this.bySource.set(m, (f = flatten(m, this.nLoc, what)));
    return f;
  }

  private customized(profile: string): Matrix {
    const key = `custom|${profile}`;
    let c = this.costs.get(key);
    if (!c) {
      const m = this.matrices[profile].costs;
      if (!m) throw new SolverError('matrix', 'travel_cost customized needs a cost matrix');
      c = this.flattenOnce(m, 'cost matrix');
      this.costs.set(key, c);
    }
    return c;
  }

  /** hours x perHour + km x perKm per arc. */
  private rated(f: TravelMatrices, profile: string, perHour: number, perKm: number): Matrix {
    const key = `rate|${profile}|${perHour}|${perKm}`;
    let c = this.costs.get(key);
    if (!c) {
      const rated = new Float64Array(this.nLoc * this.nLoc);
      for (let i = 0; i < rated.length; i++) rated[i] = (f.dur[i] * perHour) / 3600 + (f.dist[i] * perKm) / 1000;
      this.costs.set(key, (c = narrowed(rated)));
    }
    return c;
  }

  /** Great-circle metres between the locations, rounded (the checker rounds the same way). */
  private airDistances(): Matrix {
    if (!this.air) {
      const n = this.nLoc;
      const meters = new Float64Array(n * n);
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) {
          const [a, b] = [this.req.locations[i], this.req.locations[j]];
          meters[i * n + j] = Math.round(greatCircleMeters(a[0], a[1], b[0], b[1]));
        }
      this.air = narrowed(meters);
    }
    return this.air;
  }
}

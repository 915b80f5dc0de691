/**
 * A map from OSM ids (safe integers; editors give new objects negative ids) to int32 values in typed arrays:
 * open addressing with linear probing. A JavaScript Map stops at 2^24 (~16.7 M) entries, fewer
 * than the nodes of a country's routable ways, and spends about 50 bytes an entry where this
 * spends 12-24.
 */
/** Marks an empty slot: -2^53 is no safe integer, so no key. */
const EMPTY = -9007199254740992;

export class IdMap {
  private keys: Float64Array;
  private vals: Int32Array;
  private mask: number;
  size = 0;

  constructor(expected = 1024) {
    let cap = 1024;
    while (cap < expected * 2) cap *= 2;
    this.keys = new Float64Array(cap).fill(EMPTY);
    this.vals = new Int32Array(cap);
    this.mask = cap - 1;
  }

  private slot(key: number): number {
    // mix the high and low 32 bits (ids pass 2^32), then probe linearly
    const lo = key >>> 0;
    const hi = (key / 4294967296) >>> 0;
    let h = Math.imul(lo ^ Math.imul(hi, 0x27d4eb2d), 0x9e3779b1);
    h ^= h >>> 15;
    let i = h & this.mask;
    const keys = this.keys;
    while (keys[i] !== key && keys[i] !== EMPTY) i = (i + 1) & this.mask;
    return i;
  }

  get(key: number): number | undefined {
    const i = this.slot(key);
    return this.keys[i] === key ? this.vals[i] : undefined;
  }

  has(key: number): boolean {
    return this.keys[this.slot(key)] === key;
  }

  set(key: number, value: number): void {
    if (!Number.isSafeInteger(key)) throw new RangeError(`IdMap key must be a safe integer, got ${key}`);
    const i = this.slot(key);
    this.vals[i] = value;
    if (this.keys[i] === key) return;
    this.keys[i] = key;
    if (++this.size * 2 > this.keys.length) this.grow();
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldVals = this.vals;
    this.keys = new Float64Array(oldKeys.length * 2).fill(EMPTY);
    this.vals = new Int32Array(oldKeys.length * 2);
    this.mask = this.keys.length - 1;
    for (let i = 0; i < oldKeys.length; i++) {
      const k = oldKeys[i];
      if (k === EMPTY) continue;
      const j = this.slot(k);
      this.keys[j] = k;
      this.vals[j] = oldVals[i];
    }
  }
}

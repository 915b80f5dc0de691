import { doubled } from './columns';

/**
 * The graph builder's directed pieces (one per pair of consecutive nodes of a way, per
 * direction) in typed columns that double when full. A country has tens of millions of them:
 * as one object each they took about 100 bytes (fields, a boxed length, the array's slot), here
 * 27, and capacity never written is not resident.
 */
export class PieceColumns {
  u = new Int32Array(1024);
  v = new Int32Array(1024);
  len = new Float64Array(1024);
  /** Index of the way's attributes in the builder's list. */
  attrs = new Int32Array(1024);
  speedCar = new Uint8Array(1024);
  speedTruck = new Uint8Array(1024);
  flags = new Uint8Array(1024);
  /** The piece continuing this one at v in the same way and direction, -1 at the way's end. */
  next = new Int32Array(1024);
  count = 0;

  add(u: number, v: number, len: number, attrs: number, speedCar: number, speedTruck: number, flags: number, next: number): number {
    if (this.count === this.u.length) this.grow();
    const p = this.count++;
    this.u[p] = u;
    this.v[p] = v;
    this.len[p] = len;
    this.attrs[p] = attrs;
    this.speedCar[p] = speedCar;
    this.speedTruck[p] = speedTruck;
    this.flags[p] = flags;
    this.next[p] = next;
    return p;
  }

  private grow(): void {
    this.u = doubled(this.u);
    this.v = doubled(this.v);
    this.len = doubled(this.len);
    this.attrs = doubled(this.attrs);
    this.speedCar = doubled(this.speedCar);
    this.speedTruck = doubled(this.speedTruck);
    this.flags = doubled(this.flags);
    this.next = doubled(this.next);
  }
}

/**
 * Storage for the hierarchy build (ch-build.ts) at country scale. Edges live in typed columns
 * that double when full: capacity never written costs no resident memory (large buffers are
 * mapped lazily), where plain arrays cost 8 bytes a slot. Each node's in- and out-edge lists live
 * in one pooled Int32Array instead of two JavaScript arrays per node, which cost about 370 bytes
 * a node as soon as they hold an edge (gigabytes at 10 M turn states).
 */
import { doubled } from './columns';

export class EdgeColumns {
  from: Uint32Array;
  to: Uint32Array;
  cost: Float64Array;
  dur: Float64Array;
  len: Float64Array;
  mid: Int32Array;
  hops: Int32Array;
  count = 0;

  constructor(capacity: number) {
    const cap = Math.max(16, capacity);
    this.from = new Uint32Array(cap);
    this.to = new Uint32Array(cap);
    this.cost = new Float64Array(cap);
    this.dur = new Float64Array(cap);
    this.len = new Float64Array(cap);
    this.mid = new Int32Array(cap);
    this.hops = new Int32Array(cap);
  }

  add(a: number, b: number, c: number, d: number, l: number, m: number, h: number): number {
    if (this.count === this.from.length) this.grow();
    const id = this.count++;
    this.from[id] = a;
    this.to[id] = b;
    this.cost[id] = c;
    this.dur[id] = d;
    this.len[id] = l;
    this.mid[id] = m;
    this.hops[id] = h;
    return id;
  }

  private grow(): void {
    this.from = doubled(this.from);
    this.to = doubled(this.to);
    this.cost = doubled(this.cost);
    this.dur = doubled(this.dur);
    this.len = doubled(this.len);
    this.mid = doubled(this.mid);
    this.hops = doubled(this.hops);
  }
}

/**
 * Lists of edge ids, numbered 0..lists-1, in one pool. A full list moves to the pool's end with
 * twice its room (order kept); the room lists leave behind is reclaimed by copying the live lists
 * into a fresh pool when the pool is full and half of it is waste.
 */
export class EdgeLists {
  pool: Int32Array;
  readonly start: Int32Array;
  readonly size: Int32Array;
  private readonly room: Int32Array;
  private top = 0;
  private waste = 0;

  /** `room[i]`: the room list i starts with. */
  constructor(room: Int32Array) {
    const lists = room.length;
    this.start = new Int32Array(lists);
    this.size = new Int32Array(lists);
    this.room = room;
    let total = 0;
    for (let i = 0; i < lists; i++) {
      this.start[i] = total;
      total += room[i];
    }
    this.top = total;
    this.pool = new Int32Array(Math.max(1024, Math.ceil(total * 1.25)));
  }

  push(list: number, e: number): void {
    if (this.size[list] === this.room[list]) this.move(list);
    this.pool[this.start[list] + this.size[list]++] = e;
  }

  /** List i keeps only its first k ids (the caller has compacted them). */
  truncate(list: number, k: number): void {
    this.size[list] = k;
  }

  /** Drops a list that is no longer read. */
  release(list: number): void {
    this.waste += this.room[list];
    this.room[list] = 0;
    this.size[list] = 0;
  }

  private move(list: number): void {
    const room = Math.max(4, this.room[list] * 2);
    if (this.top + room > this.pool.length) this.repack(room);
    const from = this.start[list];
    this.pool.copyWithin(this.top, from, from + this.size[list]);
    this.waste += this.room[list];
    this.start[list] = this.top;
    this.room[list] = room;
    this.top += room;
  }

  /** A fresh pool holding the live lists (and room for `more`), when the old one is full. */
  private repack(more: number): void {
    const live = this.top - this.waste;
    const old = this.pool;
    // grow unless at least half the pool is waste to reclaim
    const cap = Math.max(this.pool.length * (this.waste * 2 >= this.pool.length ? 1 : 2), Math.ceil((live + more) * 1.25));
    const pool = new Int32Array(cap);
    let top = 0;
    for (let i = 0; i < this.start.length; i++) {
      const s = this.start[i];
      const k = this.size[i];
      for (let j = 0; j < k; j++) pool[top + j] = old[s + j];
      this.start[i] = top;
      top += this.room[i];
    }
    this.pool = pool;
    this.top = top;
    this.waste = 0;
  }
}

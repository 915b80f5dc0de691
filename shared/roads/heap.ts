/**
 * Indexed binary min-heap over integer ids 0..capacity-1 with decrease-key. Keys live beside
 * their ids in heap order rather than in an array by id: a sift compares neighbours in a few
 * cache lines instead of reading keys scattered over the whole id range (on a country's
 * hierarchy, millions of ids apart).
 */
export class IndexedHeap {
  /** Heap order: keys[i] is the key of ids[i]. */
  private keys: Float64Array;
  private ids: Int32Array;
  /** Slot of each id in the heap, -1 when not in it. */
  private pos: Int32Array;
  size = 0;

  constructor(capacity: number) {
    this.keys = new Float64Array(capacity);
    this.ids = new Int32Array(capacity);
    this.pos = new Int32Array(capacity).fill(-1);
  }

  clear(): void {
    for (let i = 0; i < this.size; i++) this.pos[this.ids[i]] = -1;
    this.size = 0;
  }

  contains(id: number): boolean {
    return this.pos[id] >= 0;
  }

  /** Insert or decrease the key of id. Ignores increases. */
  push(id: number, key: number): void {
    const p = this.pos[id];
    if (p >= 0) {
      if (key < this.keys[p]) this.up(p, id, key);
      return;
    }
    this.up(this.size++, id, key);
  }

  peekKey(): number {
    return this.size > 0 ? this.keys[0] : Infinity;
  }

  pop(): number {
    const top = this.ids[0];
    this.pos[top] = -1;
    const n = --this.size;
    if (n > 0) this.down(this.ids[n], this.keys[n], n);
    return top;
  }

  /** Place (id, key) at slot i or above it. */
  private up(i: number, id: number, key: number): void {
    const { keys, ids, pos } = this;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p] <= key) break;
      keys[i] = keys[p];
      const pid = ids[p];
      ids[i] = pid;
      pos[pid] = i;
      i = p;
    }
    keys[i] = key;
    ids[i] = id;
    pos[id] = i;
  }

  /** Place (id, key) at the root or below it, in a heap of n. */
  private down(id: number, key: number, n: number): void {
    const { keys, ids, pos } = this;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && keys[c + 1] < keys[c]) c++;
      if (keys[c] >= key) break;
      keys[i] = keys[c];
      const cid = ids[c];
      ids[i] = cid;
      pos[cid] = i;
      i = c;
    }
    keys[i] = key;
    ids[i] = id;
    pos[id] = i;
  }
}

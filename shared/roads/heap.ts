/** Indexed binary min-heap over integer ids 0..capacity-1 with decrease-key. */
export class IndexedHeap {
  private keys: Float64Array;
  private heap: Int32Array;
  private pos: Int32Array;
  size = 0;

  constructor(capacity: number) {
    this.keys = new Float64Array(capacity);
    this.heap = new Int32Array(capacity);
    this.pos = new Int32Array(capacity).fill(-1);
  }

  get capacity(): number {
    return this.pos.length;
  }

  clear(): void {
    for (let i = 0; i < this.size; i++) this.pos[this.heap[i]] = -1;
    this.size = 0;
  }

  contains(id: number): boolean {
    return this.pos[id] >= 0;
  }

  key(id: number): number {
    return this.keys[id];
  }

  /** Insert or decrease the key of id. Ignores increases. */
  push(id: number, key: number): void {
    const p = this.pos[id];
    if (p >= 0) {
      if (key < this.keys[id]) {
        this.keys[id] = key;
        this.up(p);
      }
      return;
    }
    this.keys[id] = key;
    const i = this.size++;
    this.heap[i] = id;
    this.pos[id] = i;
    this.up(i);
  }

  /** Raise the key of an id already in the heap. */
  increase(id: number, key: number): void {
    const p = this.pos[id];
    if (p < 0) return this.push(id, key);
    this.keys[id] = key;
    this.down(p);
  }

  peekKey(): number {
    return this.size > 0 ? this.keys[this.heap[0]] : Infinity;
  }

  pop(): number {
    const top = this.heap[0];
    this.pos[top] = -1;
    const last = this.heap[--this.size];
    if (this.size > 0) {
      this.heap[0] = last;
      this.pos[last] = 0;
      this.down(0);
    }
    return top;
  }

  private up(i: number): void {
    const h = this.heap;
    const id = h[i];
    const k = this.keys[id];
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pid = h[p];
      if (this.keys[pid] <= k) break;
      h[i] = pid;
      this.pos[pid] = i;
      i = p;
    }
    h[i] = id;
    this.pos[id] = i;
  }

  private down(i: number): void {
    const h = this.heap;
    const n = this.size;
    const id = h[i];
    const k = this.keys[id];
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && this.keys[h[c + 1]] < this.keys[h[c]]) c++;
      if (this.keys[h[c]] >= k) break;
      h[i] = h[c];
      this.pos[h[c]] = i;
      i = c;
    }
    h[i] = id;
    this.pos[id] = i;
  }
}

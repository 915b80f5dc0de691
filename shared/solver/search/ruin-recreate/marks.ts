// Membership marks by index, a new round per use: a set's work without its allocation, for loops
// that run every iteration (the ruin's tasks, the recreate's routes tried).

export class Marks {
  private readonly at: Int32Array;
  private round = 0;

  constructor(readonly size: number) {
    this.at = new Int32Array(size);
  }

  next(): number {
    if (this.round === 0x3fffffff) {
      this.at.fill(0);
      this.round = 0;
    }
    return ++this.round;
  }

  has(t: number, round: number): boolean {
    return this.at[t] === round;
  }

  set(t: number, round: number): void {
    this.at[t] = round;
  }
}

/** A typed column twice as long holding the same values: how the build's growable columns grow. */
export function doubled<T extends Int32Array | Uint32Array | Float64Array | Uint8Array>(column: T): T {
  const into = new (column.constructor as new (length: number) => T)(column.length * 2);
  into.set(column);
  return into;
}

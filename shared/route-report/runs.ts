// The client's segment runs: consecutive geometry vertices with the same value, as
// {offset (first vertex), length (vertex count), distance (metres), value}.

export interface Run<V> {
  offset: number;
  length: number;
  distance: number;
  value: V;
}

/** Runs over the segments of a line (segment i joins vertex i and i + 1); segments valued undefined are left out. */
export function runsOf<V>(values: ReadonlyArray<V | undefined>, metres: readonly number[]): Array<Run<V>> {
  const out: Array<Run<V>> = [];
  let open: Run<V> | undefined;
  values.forEach((value, i) => {
    if (value === undefined) {
      open = undefined;
      return;
    }
    if (open && open.value === value) {
      open.length++;
      open.distance += metres[i];
    } else out.push((open = { offset: i, length: 2, distance: metres[i], value }));
  });
  for (const r of out) r.distance = Math.round(r.distance * 10) / 10;
  return out;
}

/** Metres per value over the runs. */
export function totals<V extends string | number>(runs: ReadonlyArray<Run<V>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of runs) out[String(r.value)] = Math.round(((out[String(r.value)] ?? 0) + r.distance) * 10) / 10;
  return out;
}

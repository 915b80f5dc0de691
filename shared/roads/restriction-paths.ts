/** Resolved turn restrictions as the builder holds them, and their packing into the graph's arrays. */
import { emptyRestrictions, type TurnRestrictions } from './graph';

/** A restriction as the builder holds it: builder edge numbers, RESTRICT_* bits, condition. */
export interface RestrictionPath {
  edges: number[];
  kind: number;
  condition?: string;
}

/** The builder's restriction paths as GraphData arrays, with builder pieces mapped to final edges. */
export function restrictionArrays(list: RestrictionPath[], finalIndex: Uint32Array): TurnRestrictions {
  if (list.length === 0) return emptyRestrictions();
  // consecutive pieces of one compressed chain are one edge
  const paths = list.map((r) => r.edges.map((e) => finalIndex[e]).filter((e, i, a) => i === 0 || a[i - 1] !== e));
  const start = new Uint32Array(list.length + 1);
  for (let r = 0; r < list.length; r++) start[r + 1] = start[r] + paths[r].length;
  const edges = new Uint32Array(start[list.length]);
  const kind = new Uint8Array(list.length);
  const conditions: Record<number, string> = {};
  for (let r = 0; r < list.length; r++) {
    edges.set(paths[r], start[r]);
    kind[r] = list[r].kind;
    if (list[r].condition !== undefined) conditions[r] = list[r].condition as string;
  }
  return { start, edges, kind, conditions };
}

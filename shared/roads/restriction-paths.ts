/** Resolved turn restrictions as the builder holds them, and their packing into the graph's arrays. */
import { emptyRestrictions, type TurnRestrictions } from './graph';

/** A restriction as the builder holds it: builder edge numbers, RESTRICT_* bits, condition. */
export interface RestrictionPath {
  edges: number[];
  kind: number;
  condition?: string;
}

/** The builder's restriction paths as GraphData arrays, with builder edges mapped to final ones. */
export function restrictionArrays(list: RestrictionPath[], finalIndex: Uint32Array): TurnRestrictions {
  if (list.length === 0) return emptyRestrictions();
  const start = new Uint32Array(list.length + 1);
  for (let r = 0; r < list.length; r++) start[r + 1] = start[r] + list[r].edges.length;
  const edges = new Uint32Array(start[list.length]);
  const kind = new Uint8Array(list.length);
  const conditions: Record<number, string> = {};
  for (let r = 0; r < list.length; r++) {
    list[r].edges.forEach((e, i) => (edges[start[r] + i] = finalIndex[e]));
    kind[r] = list[r].kind;
    if (list[r].condition !== undefined) conditions[r] = list[r].condition as string;
  }
  return { start, edges, kind, conditions };
}

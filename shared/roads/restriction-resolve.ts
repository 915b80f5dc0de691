/**
 * OSM turn restriction relations to directed edge paths (GraphData.restrictions): the edge of
 * the from way that ends at the via, the via ways' edges in driving order, the edge of the to way
 * that starts there. Malformed relations (wiki Relation:restriction, "Validation") are skipped
 * with a reason the import report counts.
 */
import type { OsmTags } from './access';
import type { GraphBuilder, WayEdge } from './graph-builder';
import type { RelationMember } from './pbf-relations';
import { RESTRICTION_VALUES, restrictionRules } from './restriction-rules';

export interface RestrictionRelation {
  id: number;
  tags: OsmTags;
  members: RelationMember[];
}

/** A relation either resolves to edge paths (pending builder edges) or is skipped for a reason. */
export type Resolved = { paths: number[][] } | { skip: string };

const skip = (reason: string): Resolved => ({ skip: reason });

/** Way ids a relation names, so the builder keeps their edges. */
export function memberWays(r: RestrictionRelation): number[] {
  return r.members.filter((m) => m.type === 'way').map((m) => m.ref);
}

/** Nodes at the ends of a way's pieces (degree one in its segments). */
function endpoints(edges: readonly WayEdge[]): Set<number> {
  const nbrs = new Map<number, Set<number>>();
  for (const e of edges) {
    if (!nbrs.has(e.u)) nbrs.set(e.u, new Set());
    if (!nbrs.has(e.v)) nbrs.set(e.v, new Set());
    nbrs.get(e.u)?.add(e.v);
    nbrs.get(e.v)?.add(e.u);
  }
  const out = new Set<number>();
  for (const [n, s] of nbrs) if (s.size === 1) out.add(n);
  return out;
}

/** Drive along a via way from `start` to its other end, or null if its edges do not allow it. */
function walk(edges: readonly WayEdge[], start: number, end: number): number[] | null {
  const path: number[] = [];
  let cur = start;
  let prev = -1;
  while (cur !== end) {
    const next = edges.find((e) => e.u === cur && e.v !== prev);
    if (!next || path.length > edges.length) return null;
    path.push(next.edge);
    prev = cur;
    cur = next.v;
  }
  return path;
}

/** The path of one from way, via and to way. */
function resolvePath(b: GraphBuilder, from: number, via: RelationMember[], to: number): number[] | string {
  const fromEdges = b.wayEdges(from);
  const toEdges = b.wayEdges(to);
  if (!fromEdges) return 'from way not in the graph';
  if (!toEdges) return 'to way not in the graph';
  const middle: number[] = [];
  let first: number;
  let last: number;
  if (via[0].type === 'node') {
    const v = b.nodeOf(via[0].ref);
    if (v === undefined) return 'via node not in the graph';
    first = last = v;
  } else {
    const viaWays = via.map((m) => ({ edges: b.wayEdges(m.ref), ends: [] as number[] }));
    for (const w of viaWays) {
      if (!w.edges) return 'via way not in the graph';
      w.ends = [...endpoints(w.edges)];
      if (w.ends.length !== 2) return 'via way is not a simple line';
    }
    const fromEnds = endpoints(fromEdges);
    const starts = [...new Set(viaWays.flatMap((w) => w.ends))].filter((n) => fromEnds.has(n));
    if (starts.length !== 1) return starts.length === 0 ? 'from way does not touch the via ways' : 'from way touches the via ways twice';
    first = last = starts[0];
    const left = viaWays.slice();
    while (left.length > 0) {
      const i = left.findIndex((w) => w.ends.includes(last));
      if (i < 0) return 'via ways are not a chain';
      const w = left.splice(i, 1)[0];
      const end = w.ends[0] === last ? w.ends[1] : w.ends[0];
      const piece = walk(w.edges as WayEdge[], last, end);
      if (!piece) return 'via way cannot be driven in that direction';
      middle.push(...piece);
      last = end;
    }
  }
  const ins = fromEdges.filter((e) => e.v === first);
  if (ins.length === 0) return 'from way does not reach the via';
  if (ins.length > 1) return 'via in the middle of the from way';
  const outs = toEdges.filter((e) => e.u === last);
  if (outs.length === 0) return 'to way does not leave the via';
  if (outs.length > 1) return 'via in the middle of the to way';
  return [ins[0].edge, ...middle, outs[0].edge];
}

/** Resolve one relation: its paths (one per from/to pair, no_entry and no_exit may have several). */
export function resolveRestriction(b: GraphBuilder, r: RestrictionRelation): Resolved {
  const from = r.members.filter((m) => m.role === 'from');
  const to = r.members.filter((m) => m.role === 'to');
  const via = r.members.filter((m) => m.role === 'via');
  if (from.length === 0 || to.length === 0 || via.length === 0) return skip('missing from, via or to member');
  if (from.some((m) => m.type !== 'way') || to.some((m) => m.type !== 'way')) return skip('from or to is not a way');
  if (via.some((m) => m.type === 'relation')) return skip('via is a relation');
  if (via.some((m) => m.type === 'node') && (via.length > 1 || via[0].type !== 'node')) return skip('several via nodes or nodes and ways');
  const paths: number[][] = [];
  for (const f of from)
    for (const t of to) {
      const p = resolvePath(b, f.ref, via, t.ref);
      if (typeof p === 'string') return skip(p);
      paths.push(p);
    }
  return { paths };
}

/** Resolve every relation into the builder; returns the counts of what was added and skipped. */
export function addRestrictions(
  b: GraphBuilder,
  relations: RestrictionRelation[],
): { resolved: number; paths: number; skipped: Record<string, number> } {
  const skipped: Record<string, number> = {};
  const count = (reason: string) => (skipped[reason] = (skipped[reason] ?? 0) + 1);
  let resolved = 0;
  let pathCount = 0;
  for (const r of relations) {
    const rules = restrictionRules(r.tags);
    if (rules.length === 0) {
      count('not for cars or lorries');
      continue;
    }
    const unknown = rules.find((x) => !RESTRICTION_VALUES.has(x.value));
    if (unknown) {
      count(`unknown value ${unknown.value.slice(0, 30)}`);
      continue;
    }
    const res = resolveRestriction(b, r);
    if ('skip' in res) {
      count(res.skip);
      continue;
    }
    resolved++;
    for (const rule of rules)
      for (const p of res.paths) {
        b.addRestriction(p, rule.kind, rule.condition);
        pathCount++;
      }
  }
  return { resolved, paths: pathCount, skipped };
}

/** Import options shared by every importer, and the report of what an import kept and left out. */
import type { BuildOptions } from './graph-builder';
import type { GraphData } from './graph';
import { FLAG_DEST_CAR, FLAG_DEST_TRUCK, FLAG_FERRY, FLAG_TUNNEL, NODE_BARRIER_CAR, NODE_BARRIER_TRUCK, NODE_UTURN } from './profiles';

export interface ImportProgress {
  phase: string;
  done: number;
  total: number;
}

export interface ImportReport {
  ways: { kept: number; skipped: Record<string, number> };
  nodes: number;
  edges: number;
  /** Directed edges by flag. */
  edgeFlags: { destCar: number; destTruck: number; tunnel: number; ferry: number };
  /** Graph nodes a car / a lorry may not pass, and turning places. */
  nodeFlags: { barrierCar: number; barrierTruck: number; uturn: number };
  restrictions: {
    /** `type=restriction` relations read. */
    relations: number;
    /** Relations turned into edge paths. */
    resolved: number;
    /** Edge paths stored (a relation gives one per from/to pair and per distinct rule). */
    paths: number;
    skipped: Record<string, number>;
  };
}

export interface ImportOptions extends BuildOptions {
  onProgress?: (p: ImportProgress) => void;
  /** Called once at the end of an import with what it kept and left out. */
  onReport?: (r: ImportReport) => void;
}

export function emptyReport(): ImportReport {
  return {
    ways: { kept: 0, skipped: {} },
    nodes: 0,
    edges: 0,
    edgeFlags: { destCar: 0, destTruck: 0, tunnel: 0, ferry: 0 },
    nodeFlags: { barrierCar: 0, barrierTruck: 0, uturn: 0 },
    restrictions: { relations: 0, resolved: 0, paths: 0, skipped: {} },
  };
}

export function countSkip(into: Record<string, number>, reason: string): void {
  into[reason] = (into[reason] ?? 0) + 1;
}

/** Fill the report's graph counts from the built data. */
export function countGraph(r: ImportReport, g: GraphData): ImportReport {
  r.nodes = g.lat.length;
  r.edges = g.head.length;
  const f = r.edgeFlags;
  for (const b of g.flags) {
    if (b & FLAG_DEST_CAR) f.destCar++;
    if (b & FLAG_DEST_TRUCK) f.destTruck++;
    if (b & FLAG_TUNNEL) f.tunnel++;
    if (b & FLAG_FERRY) f.ferry++;
  }
  const nf = r.nodeFlags;
  for (const b of g.nodeFlags) {
    if (b & NODE_BARRIER_CAR) nf.barrierCar++;
    if (b & NODE_BARRIER_TRUCK) nf.barrierTruck++;
    if (b & NODE_UTURN) nf.uturn++;
  }
  return r;
}

const list = (m: Record<string, number>) =>
  Object.entries(m)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ') || 'none';

/** The report as a few lines of text (the network CLI prints it). */
export function formatReport(r: ImportReport): string {
  const s = r.restrictions;
  return [
    `ways: ${r.ways.kept} kept; skipped: ${list(r.ways.skipped)}`,
    `graph: ${r.nodes} nodes, ${r.edges} directed edges; destination-only edges car ${r.edgeFlags.destCar}, truck ${r.edgeFlags.destTruck}; tunnel ${r.edgeFlags.tunnel}; ferry ${r.edgeFlags.ferry}`,
    `nodes: barriers car ${r.nodeFlags.barrierCar}, truck ${r.nodeFlags.barrierTruck}; turning places ${r.nodeFlags.uturn}`,
    `turn restrictions: ${s.relations} relations, ${s.resolved} resolved into ${s.paths} edge paths; skipped: ${list(s.skipped)}`,
  ].join('\n');
}

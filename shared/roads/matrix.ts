/**
 * Many-to-many travel between snapped points on the profile's turn graph: the hierarchy's bucket
 * algorithm, or one Dijkstra per source; then the shortcut of two points on one segment.
 */
import type { ContractionHierarchy } from './ch-query';
import type { Weights } from './dijkstra';
import type { RoadView } from './ports';
import type { Phantom } from './spatial';

export interface MatrixOut {
  cost: Float64Array;
  dur: Float64Array;
  len: Float64Array;
}

/** Fill row-major S x T results; `ch` selects the bucket algorithm. */
export function fillMatrix(
  net: RoadView,
  src: Phantom[],
  tgt: Phantom[],
  W: Weights,
  ch: ContractionHierarchy | undefined,
  out: MatrixOut,
): void {
  const S = src.length;
  const T = tgt.length;
  const { cost: outCost, dur: outDur, len: outLen } = out;
  if (ch) {
    ch.manyToMany(
      src.map((p) => net.sourceSeeds(p, W)),
      tgt.map((p) => net.targetSeeds(p, W)),
      outCost,
      outDur,
      outLen,
    );
  } else {
    const s = net.search(W);
    const tSeeds = tgt.map((p) => net.targetSeeds(p, W));
    const tNodes: number[] = [];
    for (const ts of tSeeds) for (const x of ts) tNodes.push(x.node);
    for (let i = 0; i < S; i++) {
      s.run(net.sourceSeeds(src[i], W), W, { targets: tNodes });
      for (let j = 0; j < T; j++) {
        let bc = Infinity;
        let bd = Infinity;
        let bl = Infinity;
        for (const x of tSeeds[j]) {
          if (!s.settled[x.node]) continue;
          const c = s.cost[x.node] + x.cost;
          if (c < bc) {
            bc = c;
            bd = s.dur[x.node] + x.dur;
            bl = s.len[x.node] + x.len;
          }
        }
        outCost[i * T + j] = bc;
        outDur[i * T + j] = bd;
        outLen[i * T + j] = bl;
      }
    }
  }
  // both algorithms leave a point through the end of its edge: two points on one segment need the direct way
  const bySeg = new Map<number, number[]>();
  tgt.forEach((p, j) => {
    const l = bySeg.get(p.edge);
    if (l) l.push(j);
    else bySeg.set(p.edge, [j]);
  });
  for (let i = 0; i < S; i++) {
    const l = bySeg.get(src[i].edge);
    if (!l) continue;
    for (const j of l) {
      const d = net.direct(src[i], tgt[j], W);
      if (d && d.cost < outCost[i * T + j]) {
        outCost[i * T + j] = d.cost;
        outDur[i * T + j] = d.dur;
        outLen[i * T + j] = d.len;
      }
    }
  }
}

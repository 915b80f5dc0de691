/**
 * The OSM importers' common part: takes routable ways, restriction relations and then node
 * positions and tags from a reader (PBF or XML), and builds the graph with node flags and
 * resolved turn restrictions.
 */
import type { OsmTags } from './access';
import { nodeFlagsOf } from './barriers';
import type { GraphData } from './graph';
import { GraphBuilder } from './graph-builder';
import { IdMap } from './id-map';
import { countGraph, countSkip, emptyReport, type ImportOptions, type ImportReport } from './import-report';
import type { RelationMember } from './pbf-relations';
import { addRestrictions, memberWays, type RestrictionRelation } from './restriction-resolve';
import { classifyWay, type WayAttributes } from './way-attributes';

interface WayRec {
  id: number;
  refs: number[];
  attrs: WayAttributes;
}

export class OsmAssembler {
  readonly report: ImportReport = emptyReport();
  private ways: WayRec[] = [];
  private relations: RestrictionRelation[] = [];
  /** OSM node id -> slot in lat/lon, -1 until its position is read (typed: a country passes Map's 2^24 entries). */
  private needed = new IdMap(1 << 16);
  private lat = new Float64Array(0);
  private lon = new Float64Array(0);
  private found = 0;
  private flags = new IdMap();

  /** Whether a way's tags make it a candidate at all (cheap test before reading all its tags). */
  static candidate(tags: OsmTags): boolean {
    return tags.highway !== undefined || tags.route === 'ferry';
  }

  way(id: number, refs: number[], tags: OsmTags): void {
    if (!OsmAssembler.candidate(tags)) return;
    const attrs = classifyWay(tags);
    if (typeof attrs === 'string') {
      countSkip(this.report.ways.skipped, attrs);
      return;
    }
    this.report.ways.kept++;
    for (const r of refs) this.needed.set(r, -1);
    this.ways.push({ id, refs, attrs });
  }

  relation(id: number, tags: OsmTags, members: () => RelationMember[]): void {
    if (tags.type !== 'restriction' && tags.type !== 'restriction:hgv') return;
    this.relations.push({ id, tags, members: members() });
  }

  /** Whether the node's position is wanted (a kept way uses it). */
  wants(id: number): boolean {
    return this.needed.get(id) === -1;
  }

  node(id: number, lat: number, lon: number, tags: () => OsmTags): void {
    if (this.needed.get(id) !== -1) return;
    if (this.lat.length === 0) {
      this.lat = new Float64Array(this.needed.size);
      this.lon = new Float64Array(this.needed.size);
    }
    this.lat[this.found] = lat;
    this.lon[this.found] = lon;
    this.needed.set(id, this.found++);
    const f = nodeFlagsOf(tags());
    if (f) this.flags.set(id, f);
  }

  finish(opts: ImportOptions): GraphData {
    const b = new GraphBuilder();
    b.trackWays = new Set(this.relations.flatMap(memberWays));
    const total = this.ways.length;
    const step = Math.max(1, Math.floor(total / 20));
    for (let wi = 0; wi < total; wi++) {
      if (wi % step === 0) opts.onProgress?.({ phase: 'graph', done: wi, total });
      const w = this.ways[wi];
      const ids: number[] = [];
      for (const ref of w.refs) {
        const k = this.needed.get(ref);
        if (k === undefined || k < 0) {
          // node missing from the extract: split the way there
          if (ids.length >= 2) b.addWay(ids.slice(), w.attrs, w.id);
          ids.length = 0;
          continue;
        }
        const n = b.node(ref, this.lat[k], this.lon[k]);
        const f = this.flags.get(ref);
        if (f) b.setNodeFlags(n, f);
        ids.push(n);
      }
      if (ids.length >= 2) b.addWay(ids, w.attrs, w.id);
    }
    opts.onProgress?.({ phase: 'graph', done: total, total });
    const r = this.report.restrictions;
    r.relations = this.relations.length;
    const res = addRestrictions(b, this.relations);
    r.resolved = res.resolved;
    r.paths = res.paths;
    r.skipped = res.skipped;
    const data = b.build(opts);
    countGraph(this.report, data);
    opts.onReport?.(this.report);
    return data;
  }
}

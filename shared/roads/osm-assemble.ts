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

export class OsmAssembler {
  readonly report: ImportReport = emptyReport();
  /**
   * The kept ways in flat lists: way k's node refs are refs[wayStart[k] .. wayStart[k + 1]). One
   * array and one object per way cost a country gigabytes; equal attributes (most streets of a
   * class) are one object.
   */
  private wayIds: number[] = [];
  private wayStart: number[] = [0];
  private refs: number[] = [];
  private wayAttrs: WayAttributes[] = [];
  private attrsByKey = new Map<string, WayAttributes>();
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
    for (const r of refs) {
      this.needed.set(r, -1);
      this.refs.push(r);
    }
    this.wayIds.push(id);
    this.wayStart.push(this.refs.length);
    this.wayAttrs.push(this.interned(attrs));
  }

  relation(id: number, tags: OsmTags, members: () => RelationMember[]): void {
    if (tags.type !== 'restriction' && tags.type !== 'restriction:hgv') return;
    this.relations.push({ id, tags, members: members() });
  }

  /** The one object of attributes equal to these (they are only read from here on). */
  private interned(attrs: WayAttributes): WayAttributes {
    // non-finite numbers kept apart (JSON writes them all as null)
    const key = JSON.stringify(attrs, (_, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? `#${v}` : v));
    const known = this.attrsByKey.get(key);
    if (known) return known;
    this.attrsByKey.set(key, attrs);
    return attrs;
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

  /** The graph; the assembler's state is let go first (a country's is gigabytes), so this is its last call. */
  finish(opts: ImportOptions): GraphData {
    const b = this.ownWays(opts);
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

  /** The ways in a graph builder; the assembler's lists are dropped here and die with this call. */
  private ownWays(opts: ImportOptions): GraphBuilder {
    const b = new GraphBuilder();
    b.trackWays = new Set(this.relations.flatMap(memberWays));
    const { wayIds, wayStart, refs, wayAttrs, needed, lat, lon, flags } = this;
    this.wayIds = this.wayStart = this.refs = [];
    this.wayAttrs = [];
    this.attrsByKey = new Map();
    this.needed = new IdMap();
    this.lat = this.lon = new Float64Array(0);
    this.flags = new IdMap();
    const total = wayIds.length;
    const step = Math.max(1, Math.floor(total / 20));
    for (let wi = 0; wi < total; wi++) {
      if (wi % step === 0) opts.onProgress?.({ phase: 'graph', done: wi, total });
      const id = wayIds[wi];
      const attrs = wayAttrs[wi];
      const ids: number[] = [];
      for (let j = wayStart[wi]; j < wayStart[wi + 1]; j++) {
        const ref = refs[j];
        const k = needed.get(ref);
        if (k === undefined || k < 0) {
          // node missing from the extract: split the way there
          if (ids.length >= 2) b.addWay(ids.slice(), attrs, id);
          ids.length = 0;
          continue;
        }
        const n = b.node(ref, lat[k], lon[k]);
        const f = flags.get(ref);
        if (f) b.setNodeFlags(n, f);
        ids.push(n);
      }
      if (ids.length >= 2) b.addWay(ids, attrs, id);
    }
    opts.onProgress?.({ phase: 'graph', done: total, total });
    return b;
  }
}

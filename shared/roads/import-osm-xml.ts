/**
 * OSM XML (.osm) import (pure: takes the text), for small hand-drawn networks such as the road
 * scenarios in tests/fixtures/road-scenarios. A single regular-expression scan over the elements
 * (no DOM); it reads what JOSM and the OSM API write: node, way, relation, nd, tag, member.
 */
import type { OsmTags } from './access';
import type { GraphData } from './graph';
import type { ImportOptions } from './import-report';
import { OsmAssembler } from './osm-assemble';
import type { MemberType, RelationMember } from './pbf-relations';
import { RoutingInputError } from './types';

export interface OsmXmlNode {
  id: number;
  lat: number;
  lon: number;
  tags: OsmTags;
}
export interface OsmXmlWay {
  id: number;
  refs: number[];
  tags: OsmTags;
}
export interface OsmXmlRelation {
  id: number;
  tags: OsmTags;
  members: RelationMember[];
}
export interface OsmXml {
  nodes: OsmXmlNode[];
  ways: OsmXmlWay[];
  relations: OsmXmlRelation[];
}

const TOKEN = /<!--[\s\S]*?-->|<[?!][^>]*>|<(\/?)([A-Za-z_][\w:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
const ATTR = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITY = /&(?:#x([0-9a-fA-F]+)|#(\d+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescape(s: string): string {
  return s.includes('&')
    ? s.replace(ENTITY, (_, hex: string, dec: string, name: string) =>
        hex ? String.fromCodePoint(parseInt(hex, 16)) : dec ? String.fromCodePoint(Number(dec)) : NAMED[name],
      )
    : s;
}

function attrs(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of s.matchAll(ATTR)) out[m[1]] = unescape(m[2] ?? m[3]);
  return out;
}

function num(a: Record<string, string>, k: string, what: string): number {
  const v = Number(a[k]);
  if (a[k] === undefined || !Number.isFinite(v)) throw new RoutingInputError(`OSM XML: ${what} without a valid ${k}`);
  return v;
}

/** Parse OSM XML into its nodes, ways and relations (`action="delete"` objects left out). */
export function parseOsmXml(text: string): OsmXml {
  const out: OsmXml = { nodes: [], ways: [], relations: [] };
  let cur: OsmXmlNode | OsmXmlWay | OsmXmlRelation | undefined;
  let sawRoot = false;
  for (const m of text.matchAll(TOKEN)) {
    const name = m[2];
    if (!name) continue;
    if (m[1]) {
      if (name === 'node' || name === 'way' || name === 'relation') cur = undefined;
      continue;
    }
    const a = attrs(m[3] ?? '');
    const selfClosing = m[4] === '/';
    if (name === 'osm') sawRoot = true;
    else if (name === 'node' || name === 'way' || name === 'relation') {
      const id = num(a, 'id', name);
      const tags: OsmTags = {};
      let obj: OsmXmlNode | OsmXmlWay | OsmXmlRelation;
      if (name === 'node') obj = { id, lat: num(a, 'lat', 'node'), lon: num(a, 'lon', 'node'), tags };
      else if (name === 'way') obj = { id, refs: [], tags };
      else obj = { id, tags, members: [] };
      if (a.action !== 'delete') {
        if (name === 'node') out.nodes.push(obj as OsmXmlNode);
        else if (name === 'way') out.ways.push(obj as OsmXmlWay);
        else out.relations.push(obj as OsmXmlRelation);
      }
      cur = selfClosing ? undefined : obj;
    } else if (!cur) continue;
    else if (name === 'tag' && a.k !== undefined) cur.tags[a.k] = a.v ?? '';
    else if (name === 'nd' && 'refs' in cur) cur.refs.push(num(a, 'ref', 'nd'));
    else if (name === 'member' && 'members' in cur)
      cur.members.push({ type: a.type as MemberType, ref: num(a, 'ref', 'member'), role: a.role ?? '' });
  }
  if (!sawRoot) throw new RoutingInputError('OSM XML: no <osm> element');
  return out;
}

/** Build graph data from the text of an .osm file. */
export function graphFromOsmXml(text: string, opts: ImportOptions = {}): GraphData {
  const osm = parseOsmXml(text);
  const asm = new OsmAssembler();
  for (const w of osm.ways) asm.way(w.id, w.refs, w.tags);
  for (const r of osm.relations) asm.relation(r.id, r.tags, () => r.members);
  for (const n of osm.nodes) asm.node(n.id, n.lat, n.lon, () => n.tags);
  return asm.finish({ source: 'osm', ...opts });
}

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildNetworkFromGeoJSON,
  buildNetworkFromOsmPbf,
  deserializeGraph,
  graphFromGeoJSON,
  graphFromOsmPbf,
  importFile,
  loadNetwork,
  saveGraph,
  serializeGraph,
  RoutingInputError,
} from '../../../shared/roads/index';
import { parseLength, parseMaxspeed, parseWeight } from '../../../shared/roads/profiles';
import { wayAttributes } from '../../../shared/roads/way-attributes';
import { gridNetwork, truckNetwork, BASE_LAT, BASE_LON, DLAT, DLON } from '../../fixtures/routing/graphs';
import { writeOsmPbf, type OsmNode, type OsmWay } from '../../fixtures/routing/pbf-writer';

describe('OSM tag interpretation', () => {
  it('parses maxspeed, weights and lengths', () => {
    expect(parseMaxspeed('50')).toBe(50);
    expect(parseMaxspeed('30 mph')).toBeCloseTo(48.28, 1);
    expect(parseMaxspeed('SE:urban')).toBe(50);
    expect(parseMaxspeed('none')).toBeUndefined();
    expect(parseWeight('3.5')).toBe(3.5);
    expect(parseWeight('7500 kg')).toBe(7.5);
    expect(parseLength('3.2')).toBe(3.2);
    expect(parseLength('12\'6"')).toBeCloseTo(3.81, 2);
    expect(parseLength('4 m')).toBe(4);
  });

  it('derives oneway, access and speeds', () => {
    expect(wayAttributes({ highway: 'footway' })).toBeNull();
    expect(wayAttributes({ highway: 'residential', access: 'no' })).toBeNull();
    expect(wayAttributes({ highway: 'motorway' })!.oneway).toBe(1);
    expect(wayAttributes({ highway: 'primary', junction: 'roundabout' })!.oneway).toBe(1);
    expect(wayAttributes({ highway: 'primary', oneway: '-1' })!.oneway).toBe(-1);
    const r = wayAttributes({ highway: 'residential', maxspeed: '40', hgv: 'no' })!;
    expect(r.speedCar).toBe(40);
    expect(r.speedTruck).toBe(0);
    const m = wayAttributes({ highway: 'motorway', maxspeed: '120' })!;
    expect(m.speedCar).toBe(120);
    expect(m.speedTruck).toBe(80);
    expect(wayAttributes({ highway: 'residential', area: 'yes' })).toBeNull();
    expect(wayAttributes({ route: 'ferry' })).toBeNull();
    expect(wayAttributes({ route: 'ferry', motor_vehicle: 'yes' })!.ferry).toBe(true);
  });
});

describe('GeoJSON import', () => {
  it('builds a graph with shared nodes and two-way edges', () => {
    const g = graphFromGeoJSON(gridNetwork(3, 3));
    expect(g.lat.length).toBe(9);
    expect(g.head.length).toBe(24); // 12 segments x 2 directions
    expect(g.names).toContain('Row 0');
  });

  it('rejects non-collections', () => {
    expect(() => graphFromGeoJSON({ type: 'Point' })).toThrow(RoutingInputError);
  });
});

describe('OSM PBF import', () => {
  const nodes: OsmNode[] = [];
  for (let y = 0; y < 3; y++)
    for (let x = 0; x < 3; x++) nodes.push({ id: 1000 + y * 3 + x, lat: BASE_LAT + y * DLAT, lon: BASE_LON + x * DLON });
  const ways: OsmWay[] = [
    { id: 1, refs: [1000, 1001, 1002], tags: { highway: 'residential', name: 'Row 0' } },
    { id: 2, refs: [1003, 1004, 1005], tags: { highway: 'residential', name: 'Row 1', oneway: 'yes' } },
    { id: 3, refs: [1000, 1003, 1006], tags: { highway: 'primary', name: 'Column 0', maxweight: '7.5' } },
    { id: 4, refs: [1002, 1005, 1008], tags: { highway: 'footway' } },
    { id: 5, refs: [1006, 1007, 99999], tags: { highway: 'service' } },
    { id: 6, refs: [1002, 1005], tags: { highway: 'residential', name: 'Column 2' } },
  ];

  it('decodes dense nodes and ways (zlib and raw blobs)', () => {
    for (const compress of [true, false]) {
      const bytes = writeOsmPbf(nodes, ways, { compress, nodesPerBlock: 4 });
      const progress: string[] = [];
      const g = graphFromOsmPbf(bytes, { onProgress: (p) => progress.push(p.phase) });
      // nodes used: 1000-1007 except 1008 (footway) ; 99999 missing -> way 5 keeps 1006-1007;
      // 1001 and 1004 (inside one way each, no junction) are shape points of their rows' edges
      expect(g.lat.length).toBe(6);
      expect(g.shapeLat.length).toBe(2 + 1);
      // edges: row0 one chain x2, row1 one chain x1 (oneway), col0 2 seg x2, service 1 seg x2, col2 1 seg x2
      expect(g.head.length).toBe(2 + 1 + 4 + 2 + 2);
      expect(progress).toContain('ways');
      expect(progress).toContain('nodes');
      expect(Math.max(...g.maxweight)).toBeCloseTo(7.5);
      expect(g.names).toEqual(expect.arrayContaining(['Row 0', 'Row 1', 'Column 0']));
      const net = buildNetworkFromOsmPbf(bytes);
      const r = net.route([
        { lat: BASE_LAT, lon: BASE_LON },
        { lat: BASE_LAT + DLAT, lon: BASE_LON + 2 * DLON },
      ]);
      expect(r.distance).toBeGreaterThan(290);
      expect(r.distance).toBeLessThan(310);
    }
  });

  it('refuses garbage', () => {
    expect(() => graphFromOsmPbf(new Uint8Array([0, 0, 0, 5, 1, 2, 3]))).toThrow(RoutingInputError);
  });

  it('imports .osm.pbf and .geojson files from disk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wm-routing-'));
    const p = join(dir, 'tiny.osm.pbf');
    writeFileSync(p, writeOsmPbf(nodes, ways));
    expect(importFile(p).lat.length).toBe(6);
    const j = join(dir, 'grid.geojson');
    writeFileSync(j, JSON.stringify(gridNetwork(2, 2)));
    expect(importFile(j).lat.length).toBe(4);
    expect(() => importFile(join(dir, 'x.txt'))).toThrow(RoutingInputError);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('artefact', () => {
  it('round trips all arrays and metadata, plain and gzip', () => {
    const g = graphFromGeoJSON(truckNetwork(), { name: 'truck-test', utcOffsetMinutes: 60 });
    for (const gzip of [false, true]) {
      const back = deserializeGraph(serializeGraph(g, { gzip }));
      expect(back.meta).toEqual(g.meta);
      expect(back.names).toEqual(g.names);
      for (const k of [
        'lat',
        'lon',
        'firstOut',
        'head',
        'length',
        'speedCar',
        'speedTruck',
        'roadClass',
        'flags',
        'maxspeed',
        'maxweight',
        'maxheight',
        'maxwidth',
        'maxlength',
        'nameIdx',
        'shapeStart',
        'shapeLat',
        'shapeLon',
      ] as const) {
        expect(Array.from(back[k] as ArrayLike<number>), k).toEqual(Array.from(g[k] as ArrayLike<number>));
      }
    }
  });

  it('refuses artefacts of versions 1 and 2 with a message to import again', () => {
    const bytes = serializeGraph(graphFromGeoJSON(gridNetwork(3, 3)));
    for (const version of [1, 2]) {
      const old = bytes.slice();
      new DataView(old.buffer).setUint32(4, version, true);
      expect(() => deserializeGraph(old)).toThrow(/import the region again/);
    }
  });

  it('saves and loads files, and a loaded network answers the same queries', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wm-routing-'));
    const fcoll = gridNetwork(5, 5);
    const net = buildNetworkFromGeoJSON(fcoll, { name: 'grid' });
    for (const file of ['grid.wmrg', 'grid.wmrg.gz']) {
      const p = join(dir, file);
      saveGraph(net.graph.data, p);
      const loaded = loadNetwork(p);
      expect(loaded.name).toBe('grid');
      const pts = [
        { lat: BASE_LAT, lon: BASE_LON },
        { lat: BASE_LAT + 4 * DLAT, lon: BASE_LON + 3 * DLON },
      ];
      expect(Array.from(loaded.matrix(pts).durations)).toEqual(Array.from(net.matrix(pts).durations));
    }
    const bad = join(dir, 'bad.wmrg');
    writeFileSync(bad, 'not an artefact at all');
    expect(() => loadNetwork(bad)).toThrow(RoutingInputError);
    expect(readFileSync(join(dir, 'grid.wmrg')).subarray(0, 4).toString()).toBe('WMRG');
    rmSync(dir, { recursive: true, force: true });
  });
});

/**
 * OpenStreetMap PBF import (pure: takes the file bytes). Pass 1 reads the ways with routable
 * tags and the turn restriction relations, pass 2 the positions and tags of the nodes those ways
 * use; osm-assemble.ts builds the graph. Block decoding is in pbf-blocks.ts.
 */
import type { GraphData } from './graph';
import type { ImportOptions } from './import-report';
import { OsmAssembler } from './osm-assemble';
import { blobData, checkHeader, eachNode, eachWay, readBlock, scanBlobs } from './pbf-blocks';
import { eachRelation } from './pbf-relations';
import { RoutingInputError } from './types';

export { blobData, checkHeader, eachNode, eachWay, readBlock, scanBlobs } from './pbf-blocks';
export { eachRelation } from './pbf-relations';
export type { Block, BlobRef, Tags } from './pbf-blocks';
export type { RelationMember } from './pbf-relations';

/** Build graph data from the bytes of an .osm.pbf file. */
export function graphFromOsmPbf(buf: Uint8Array, opts: ImportOptions = {}): GraphData {
  const blobs = scanBlobs(buf);
  if (blobs.length === 0 || blobs[0].type !== 'OSMHeader') throw new RoutingInputError('OSM PBF: missing OSMHeader blob');
  checkHeader(blobData(buf, blobs[0]));
  const total = blobs.length;
  const asm = new OsmAssembler();
  for (let bi = 1; bi < total; bi++) {
    opts.onProgress?.({ phase: 'ways', done: bi, total });
    if (blobs[bi].type !== 'OSMData') continue;
    const { pbf, block } = readBlock(blobData(buf, blobs[bi]));
    eachWay(block, pbf, (tags, refs, id) => asm.way(id, refs, tags()));
    eachRelation(block, pbf, (id, tags, members) => asm.relation(id, tags(), members));
  }
  opts.onProgress?.({ phase: 'ways', done: total, total });
  for (let bi = 1; bi < total; bi++) {
    opts.onProgress?.({ phase: 'nodes', done: bi, total });
    if (blobs[bi].type !== 'OSMData') continue;
    const { pbf, block } = readBlock(blobData(buf, blobs[bi]));
    eachNode(block, pbf, (id, lat, lon, tags) => {
      if (asm.wants(id)) asm.node(id, lat, lon, tags);
    });
  }
  opts.onProgress?.({ phase: 'nodes', done: total, total });
  return asm.finish({ source: 'osm.pbf', ...opts });
}

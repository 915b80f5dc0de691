/**
 * OpenStreetMap PBF import. Pass 1 reads the ways with routable tags and the turn restriction
 * relations, pass 2 the positions and tags of the nodes those ways use; osm-assemble.ts builds the
 * graph. Blobs come from a BlobSource one at a time, so a file-backed source (io.ts) holds one
 * blob plus the assembler's state, never the whole file. Block decoding is in pbf-blocks.ts.
 */
import type { GraphData } from './graph';
import type { ImportOptions } from './import-report';
import { OsmAssembler } from './osm-assemble';
import { blobData, checkHeader, decodeBlob, eachNode, eachWay, readBlock, scanBlobs, type BlobRef } from './pbf-blocks';
import { eachRelation } from './pbf-relations';
import { RoutingInputError } from './types';

export { blobData, checkHeader, eachNode, eachWay, readBlock, scanBlobs } from './pbf-blocks';
export { eachRelation } from './pbf-relations';
export type { Block, BlobRef, Tags } from './pbf-blocks';
export type { RelationMember } from './pbf-relations';

/** The blobs of a PBF file and a way to fetch one blob's decompressed data. */
export interface BlobSource {
  blobs: BlobRef[];
  data(b: BlobRef): Uint8Array;
}

/** Build graph data from the bytes of an .osm.pbf file. */
export function graphFromOsmPbf(buf: Uint8Array, opts: ImportOptions = {}): GraphData {
  return graphFromPbfBlobs({ blobs: scanBlobs(buf), data: (b) => blobData(buf, b) }, opts);
}

/** Adapt a reader of a blob's raw bytes (e.g. from a file descriptor) into a BlobSource. */
export function blobSource(blobs: BlobRef[], raw: (b: BlobRef) => Uint8Array): BlobSource {
  return { blobs, data: (b) => decodeBlob(raw(b)) };
}

/** Build graph data from a PBF's blobs, read twice (ways, then the nodes they need). */
export function graphFromPbfBlobs(src: BlobSource, opts: ImportOptions = {}): GraphData {
  const { blobs } = src;
  if (blobs.length === 0 || blobs[0].type !== 'OSMHeader') throw new RoutingInputError('OSM PBF: missing OSMHeader blob');
  checkHeader(src.data(blobs[0]));
  const total = blobs.length;
  const asm = new OsmAssembler();
  for (let bi = 1; bi < total; bi++) {
    opts.onProgress?.({ phase: 'ways', done: bi, total });
    if (blobs[bi].type !== 'OSMData') continue;
    const { pbf, block } = readBlock(src.data(blobs[bi]));
    eachWay(block, pbf, (tags, refs, id) => asm.way(id, refs, tags()));
    eachRelation(block, pbf, (id, tags, members) => asm.relation(id, tags(), members));
  }
  opts.onProgress?.({ phase: 'ways', done: total, total });
  for (let bi = 1; bi < total; bi++) {
    opts.onProgress?.({ phase: 'nodes', done: bi, total });
    if (blobs[bi].type !== 'OSMData') continue;
    const { pbf, block } = readBlock(src.data(blobs[bi]));
    eachNode(block, pbf, (id, lat, lon, tags) => {
      if (asm.wants(id)) asm.node(id, lat, lon, tags);
    });
  }
  opts.onProgress?.({ phase: 'nodes', done: total, total });
  return asm.finish({ source: 'osm.pbf', ...opts });
}

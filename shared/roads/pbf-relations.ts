/** OSM PBF relations of a primitive block (pure), beside pbf-blocks.ts's nodes and ways. */
import type { Block, PbfReader, Tags } from './pbf-blocks';
import { tagsOf } from './pbf-blocks';

export type MemberType = 'node' | 'way' | 'relation';
export interface RelationMember {
  type: MemberType;
  ref: number;
  role: string;
}

const MEMBER_TYPES: MemberType[] = ['node', 'way', 'relation'];

/** Every relation of a block: id, tags and members (types, delta-decoded ids and role strings). */
export function eachRelation(
  block: Block,
  pbf: PbfReader,
  visit: (id: number, tags: () => Tags, members: () => RelationMember[]) => void,
): void {
  for (const [gs, ge] of block.groups) {
    pbf.pos = gs;
    while (pbf.pos < ge) {
      const t = pbf.readVarint();
      pbf.type = t & 7;
      if (t >> 3 !== 4) {
        pbf.skip(t & 7);
        continue;
      }
      const end = pbf.readVarint() + pbf.pos;
      let id = 0;
      let keys: number[] = [];
      let vals: number[] = [];
      let roles: number[] = [];
      let memids: number[] = [];
      let types: number[] = [];
      while (pbf.pos < end) {
        const wt = pbf.readVarint();
        pbf.type = wt & 7;
        const f = wt >> 3;
        if (f === 1) id = pbf.readVarint(true);
        else if (f === 2) keys = pbf.readPackedVarint();
        else if (f === 3) vals = pbf.readPackedVarint();
        else if (f === 8) roles = pbf.readPackedVarint();
        else if (f === 9) memids = pbf.readPackedSVarint();
        else if (f === 10) types = pbf.readPackedVarint();
        else pbf.skip(wt & 7);
      }
      visit(
        id,
        () => tagsOf(block, keys, vals),
        () => {
          let ref = 0;
          return memids.map((d, i) => ({
            type: MEMBER_TYPES[types[i]] ?? 'relation',
            ref: (ref += d),
            role: block.strings[roles[i]] ?? '',
          }));
        },
      );
    }
  }
}

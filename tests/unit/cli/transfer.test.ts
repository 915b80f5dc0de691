import { describe, expect, it } from 'vitest';
import { itemToLine, lineToItem, type Item } from '../../../infra/cli/transfer/items';
import { inSpace, remapItem } from '../../../infra/cli/transfer/scope';

describe('an exported item', () => {
  it('survives a line round trip with every attribute type, binary included', () => {
    const item: Item = {
      pk: { S: 'MDM#acme|#j1' },
      n: { N: '1.5' },
      b: { B: new Uint8Array([0, 31, 139, 255]) },
      bs: { BS: [new Uint8Array([1]), new Uint8Array([2, 3])] },
      ok: { BOOL: true },
      none: { NULL: true },
      ss: { SS: ['a', 'b'] },
      m: { M: { inner: { L: [{ S: 'x' }, { B: new Uint8Array([9]) }] } } },
    };
    expect(lineToItem(itemToLine(item))).toEqual(item);
    expect(itemToLine(item)).not.toContain('\n');
  });
});

describe('the space of an item', () => {
  it('is a whole segment of its partition key: an organisation is not its namespaces', () => {
    expect(inSpace({ pk: { S: 'acme|' } }, 'acme|')).toBe(true);
    expect(inSpace({ pk: { S: 'acme|#mon' } }, 'acme|')).toBe(true);
    expect(inSpace({ pk: { S: 'JOB#acme|#42' } }, 'acme|')).toBe(true);
    expect(inSpace({ pk: { S: 'acme|fleet#mon' } }, 'acme|')).toBe(false);
    expect(inSpace({ pk: { S: 'acme|fleet#mon' } }, 'acme|fleet')).toBe(true);
    expect(inSpace({ pk: { S: 'xacme|#mon' } }, 'acme|')).toBe(false);
  });

  it('moves to another space in every key and value where it is a whole segment, nothing else', () => {
    const item: Item = {
      pk: { S: 'JOB#acme|#42' },
      space: { S: 'acme|' },
      lpk: { S: 'acme|#3' },
      name: { S: 'acme| depot' },
      m: { M: { due_pk: { S: 'acme|#relay' } } },
    };
    expect(remapItem(item, 'acme|', 'local|')).toEqual({
      pk: { S: 'JOB#local|#42' },
      space: { S: 'local|' },
      lpk: { S: 'local|#3' },
      name: { S: 'acme| depot' },
      m: { M: { due_pk: { S: 'local|#relay' } } },
    });
  });
});

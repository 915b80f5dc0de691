import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LONGEST_FILES } from '../../sequencer';

// A renamed or removed long file would silently drop out of the front of the queue.
describe('test sequencer', () => {
  it('names only test files that exist', () => {
    const root = resolve(import.meta.dirname, '../../..');
    expect(LONGEST_FILES.filter((file) => !existsSync(resolve(root, file)))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { HEAP_SHARE, largerHeapFlag } from '../../../infra/cli/heap';

const GB = 2 ** 30;

describe('the command line heap for country-sized networks', () => {
  it('asks for a share of the machine when the default heap is smaller', () => {
    expect(largerHeapFlag(4.2 * GB, 24 * GB)).toBe(`--max-old-space-size=${Math.floor((24 * GB * HEAP_SHARE) / 2 ** 20)}`);
  });

  it('keeps a heap that is large enough already, and one the user set', () => {
    expect(largerHeapFlag(18.2 * GB, 24 * GB)).toBeUndefined();
    expect(largerHeapFlag(4.2 * GB, 24 * GB, '--max-old-space-size=3000')).toBeUndefined();
  });
});

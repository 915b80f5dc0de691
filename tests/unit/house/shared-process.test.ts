import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_PROCESS_FILES } from '../../integration/shared-process';

// The integration files that share a worker process must leave nothing behind for the next file
// (tests/integration/shared-process.ts). What a file's own text shows is checked here, so a
// listed file that starts to set the environment, serve a road network, fake timers or modules,
// inject faults or boot a stack is named rather than leaking into whichever file runs next.
const LEAKS: Array<[string, RegExp]> = [
  ['sets process.env', /process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|Object\.assign\(process\.env|delete process\.env/],
  ['fakes timers, modules, globals or the environment', /vi\.(mock|doMock|spyOn|useFakeTimers|stubGlobal|stubEnv)\b/],
  ['moves the clock', /fromStartOfNextMinute/],
  ['serves a road network', /setRoadNetworks|gothenburgClient/],
  ['injects faults', /inject\w*Faults/],
  ['boots a stack or a browser', /sharedStack|bootStack|launchChromium/],
  ['provisions tables of its own', /provisionTables/],
];

describe('integration files sharing a process', () => {
  const root = resolve(import.meta.dirname, '../../..');

  it('names only test files that exist', () => {
    expect(SHARED_PROCESS_FILES.filter((file) => !existsSync(resolve(root, file)))).toEqual([]);
  });

  it('names no file that leaves state behind', () => {
    const leaks = SHARED_PROCESS_FILES.flatMap((file) => {
      const text = readFileSync(resolve(root, file), 'utf8');
      return LEAKS.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${file} ${what}`);
    });
    expect(leaks).toEqual([]);
  });

  it('would name one that does', () => {
    const text = "process.env.WAYMARK_KEY_DELAY_SECONDS = '0';";
    expect(LEAKS.filter(([, pattern]) => pattern.test(text)).map(([what]) => what)).toEqual(['sets process.env']);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_PROCESS_FILES } from '../../integration/shared-process';

// The integration files that share a worker process must leave nothing behind for the next file
// (tests/integration/shared-process.ts). What a file's own text shows is checked here, so a
// listed file that starts to set the environment, keep a road network served, fake timers or
// modules, inject faults or boot a stack is named rather than leaking into whichever file runs next.
const SERVES_NETWORK = /setRoadNetworks\((?!undefined\))|gothenburgClient\(/;
const GIVES_IT_BACK = /afterAll\((releaseNetworks|\(\) => setRoadNetworks\(undefined\))\)/;
const LEAKS: Array<[string, { test(text: string): boolean }]> = [
  ['sets process.env', /process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|Object\.assign\(process\.env|delete process\.env/],
  ['fakes timers, modules, globals or the environment', /vi\.(mock|doMock|spyOn|useFakeTimers|stubGlobal|stubEnv)\b/],
  ['moves the clock', /fromStartOfNextMinute/],
  ['serves a road network and keeps it served', { test: (text) => SERVES_NETWORK.test(text) && !GIVES_IT_BACK.test(text) }],
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
    const named = (text: string) => LEAKS.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);
    expect(named("process.env.WAYMARK_KEY_DELAY_SECONDS = '0';")).toEqual(['sets process.env']);
    expect(named('beforeAll(() => setRoadNetworks(registry));')).toEqual(['serves a road network and keeps it served']);
    expect(named('beforeAll(() => setRoadNetworks(registry));\nafterAll(() => setRoadNetworks(undefined));')).toEqual([]);
  });
});

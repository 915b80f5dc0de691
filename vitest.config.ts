import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SHARED_PROCESS_FILES } from './tests/integration/shared-process';
import LongestFirst from './tests/sequencer';

// The AWS SDK warns on Node 20 at every import; workers inherit this.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

// Vitest 5's failure reporter calls Map.groupBy, which Node 20 lacks (added in
// Node 21); without it a failing test crashes the reporter instead of being shown.
if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    value<K, V>(items: Iterable<V>, keyOf: (item: V, index: number) => K): Map<K, V[]> {
      const groups = new Map<K, V[]>();
      let index = 0;
      for (const item of items) {
        const key = keyOf(item, index++);
        const group = groups.get(key);
        if (group) group.push(item);
        else groups.set(key, [item]);
      }
      return groups;
    },
  });
}

// Test files run at once. Vitest's default leaves a core free: one worker on the
// 2-core machines of CI and the developers, which left the second core mostly
// idle. Both projects take the same number, so their files share one pool rather
// than one project running after the other. At most 4: every integration worker
// slot has DynamoDB Local (a JVM) of its own for the whole run (global-setup.ts).
const WORKERS = Math.min(4, Math.max(2, availableParallelism()));

// Files run in parallel, each against the emulators of its worker slot (global-setup.ts, which
// both integration projects share).
const INTEGRATION = {
  environment: 'node' as const,
  globalSetup: ['tests/integration/global-setup.ts'],
  setupFiles: ['tests/integration/support/env.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  maxWorkers: WORKERS,
};

// Separate projects so pure-library tests never pay for the emulators: only the integration
// projects have a global setup that boots DynamoDB Local and SQS.
export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/property/**/*.test.ts'],
          environment: 'node',
          // A unit test is quick; one that needs longer says so with a measured timeout of its own.
          testTimeout: 10_000,
          maxWorkers: WORKERS,
          // A worker runs its unit files one after another in one process and module graph, rather
          // than a fresh process per file: half the unit project's CPU time (31 files: 33 s -> 15 s,
          // docs/development/tests.md), and what a file loads once (the gazetteer, road networks)
          // serves the next. So a unit file leaves no state behind: process.env, fake timers and
          // spies are restored after use (the whole project passed this way, 2026-11-29).
          isolate: false,
        },
      },
      {
        test: {
          ...INTEGRATION,
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: SHARED_PROCESS_FILES,
        },
      },
      {
        test: {
          ...INTEGRATION,
          name: 'integration-shared',
          include: SHARED_PROCESS_FILES,
          // As the unit files: one process and module graph per worker, not per file; the files
          // listed leave no state behind (tests/integration/shared-process.ts says what was checked).
          isolate: false,
        },
      },
    ],
  },
});

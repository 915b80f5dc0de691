import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The files that take longest (measured, docs/development/tests.md), longest first: every file
// that took 4 s or more in the full run of 2026-11-29 09:14 (283 files, 861 s of file time; the
// order, not the seconds, is what carries over; a file that boots a worker's shared stack carries
// that boot). Two workers share one queue of every project's files; Vitest's own order puts every integration file before
// every unit file and, where it has no timings of an earlier run (CI, a fresh clone, a cache other
// worktrees overwrite), larger files first. A long file started late then runs alone at the end
// while the other core idles. Started first, the long files overlap the many short ones.
export const LONGEST_FILES = [
  'tests/integration/platform/package.test.ts',
  'tests/integration/console/console.test.ts',
  'tests/integration/fuzz/fuzz.test.ts',
  'tests/integration/cli/waymark.test.ts',
  'tests/integration/faults/monitors-upload.test.ts',
  'tests/integration/faults/crash-restart.test.ts',
  'tests/integration/live/live-channel.test.ts',
  'tests/integration/e2e/metrics.test.ts',
  'tests/integration/e2e/npm-start.test.ts',
  'tests/unit/monitors/roaming.test.ts',
  'tests/integration/dispatch/fleetify-client.test.ts',
  'tests/integration/security/stack-webhooks.test.ts',
  'tests/integration/optimization/jobs.test.ts',
  'tests/integration/faults/optimization-jobs.test.ts',
  'tests/integration/road-editor/client.test.ts',
  'tests/integration/security/stack.test.ts',
  'tests/integration/compat/official-client.test.ts',
  'tests/integration/tracking/ranking.test.ts',
  'tests/integration/compat/client-shapes.test.ts',
  'tests/integration/faults/tracking-delete.test.ts',
  'tests/integration/optimization/sweep.test.ts',
  'tests/integration/routing/mdm.test.ts',
  'tests/integration/monitors/store-contract.test.ts',
  'tests/property/solver/task-rules.property.test.ts',
  'tests/integration/geofence/index-upgrade.test.ts',
  'tests/integration/monitors/roaming.test.ts',
  'tests/integration/limits/rules.test.ts',
  'tests/integration/routing/stack.test.ts',
  'tests/unit/roads/gothenburg.test.ts',
  'tests/integration/compat/scenario.test.ts',
  'tests/integration/geofence/geofence.test.ts',
  'tests/unit/roads/compression.test.ts',
  'tests/integration/geocoding/here.test.ts',
  'tests/integration/monitors/events.test.ts',
  'tests/unit/optimization/durability.test.ts',
  'tests/unit/roads/reference-dijkstra.test.ts',
  'tests/integration/console/routing-tools.test.ts',
  'tests/integration/limits/storage.test.ts',
  'tests/property/geocoding/geocoding.property.test.ts',
  'tests/integration/geocoding/places.test.ts',
  'tests/unit/roads/nearest.test.ts',
  'tests/unit/roads/ch-sidecar.test.ts',
  'tests/integration/discover/discover.test.ts',
  'tests/unit/geocoding/ranking.test.ts',
  'tests/integration/trips/scenario.test.ts',
  'tests/integration/trips/trips.test.ts',
];

/** Vitest's order, with the known long files moved to the front in the order above. */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = LONGEST_FILES.indexOf(relative(spec.project.config.root, spec.moduleId));
      return at < 0 ? LONGEST_FILES.length : at;
    };
    return ordered.sort((a, b) => rank(a) - rank(b));
  }
}

import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The files that take longest (measured, docs/development/tests.md), longest first. Two workers
// share one queue of both projects' files; Vitest's own order puts every integration file before
// every unit file and, where it has no timings of an earlier run (CI, a fresh clone, a cache other
// worktrees overwrite), larger files first. A long file started late then runs alone at the end
// while the other core idles. Started first, the long files overlap the many short ones.
export const LONGEST_FILES = [
  'tests/integration/platform/package.test.ts',
  'tests/integration/faults/monitors-upload.test.ts',
  'tests/integration/e2e/npm-start.test.ts',
  'tests/integration/fuzz/fuzz.test.ts',
  'tests/integration/monitors/store-contract.test.ts',
  'tests/integration/routing/mdm.test.ts',
  'tests/unit/roads/reference-dijkstra.test.ts',
  'tests/property/solver/task-rules.property.test.ts',
  'tests/unit/geocoding/nearest.test.ts',
  'tests/property/solver/solver.property.test.ts',
  'tests/integration/routing/stack.test.ts',
  'tests/integration/geofence/geofence.test.ts',
  'tests/integration/compat/official-client.test.ts',
  'tests/integration/compat/client-shapes.test.ts',
  'tests/integration/faults/optimization-jobs.test.ts',
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

// Requests without the multi-trip and vehicle-model fields must give the very results they gave
// before those fields existed. The fixture was written by the solver before that work began
// (UPDATE_UNCHANGED=1 rewrites it; do that only for a deliberate change of the search).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate, solveCapped, type GenOptions } from './helpers';

const FIXTURE = join(__dirname, '../../fixtures/solver/unchanged-results.json');

const CASES: GenOptions[] = [
  { seed: 1, jobs: 20, shipments: 4, vehicles: 3 },
  { seed: 2, jobs: 25, shipments: 0, vehicles: 4, skills: true, multiWindows: true, breaks: true },
  { seed: 3, jobs: 15, shipments: 5, vehicles: 3, limits: true, soft: true, setup: true, costs: true },
  { seed: 4, jobs: 30, shipments: 0, vehicles: 5, loose: true, priorities: true, profiles: true },
];

const results = () => CASES.map((c) => solveCapped(generate(c).request, generate(c).matrices, 150, c.seed));

describe('results of requests without the new vehicle-model fields', () => {
  it('are byte-identical to those of the code before multi-trip', () => {
    const now = JSON.stringify(results());
    if (process.env.UPDATE_UNCHANGED === '1') writeFileSync(FIXTURE, now);
    expect(now).toBe(readFileSync(FIXTURE, 'utf8'));
  });
});

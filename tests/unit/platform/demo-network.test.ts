/** The local stack's demo network survives an upgrade of the artefact format. */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDemoNetwork } from '../../../infra/local/networks';
import { ARTEFACT_VERSION, loadNetwork } from '../../../shared/roads';

describe('ensureDemoNetwork', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wm-demo-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const demo = join(dir, 'gothenburg.wmrg');

  it('imports the demo once, then leaves a current one alone', () => {
    const said: string[] = [];
    ensureDemoNetwork(dir, (l) => said.push(l));
    expect(said.join()).toMatch(/^Importing/);
    const written = statSync(demo).mtimeMs;
    ensureDemoNetwork(dir, (l) => said.push(l));
    expect(said).toHaveLength(1);
    expect(statSync(demo).mtimeMs).toBe(written);
  }, 30_000);

  it('imports it again when an older Waymark wrote it, and names other stale artefacts', () => {
    const bytes = readFileSync(demo);
    bytes.writeUInt32LE(ARTEFACT_VERSION - 1, 4);
    writeFileSync(demo, bytes);
    writeFileSync(join(dir, 'mine.wmrg'), bytes);
    expect(() => loadNetwork(demo)).toThrow(/import the region again/);
    const said: string[] = [];
    ensureDemoNetwork(dir, (l) => said.push(l));
    expect(said.some((l) => l.startsWith('mine.wmrg was written by an older Waymark'))).toBe(true);
    expect(said.some((l) => l.startsWith('Re-importing the demo road network'))).toBe(true);
    expect(loadNetwork(demo).graph.nodeCount).toBeGreaterThan(10_000);
  }, 30_000);
});

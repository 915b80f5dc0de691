/**
 * The file-streaming PBF import (one blob in memory at a time) against the whole-buffer import on
 * the real extracts (tests/fixtures/osm, © OpenStreetMap contributors, ODbL): the artefacts they
 * serialise to must be byte-identical (bar the import time), so nothing downstream can tell them apart.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { graphFromOsmPbf, importPbfStreaming, RoutingInputError, serializeGraph } from '../../../shared/roads/index';

const DIR = join(import.meta.dirname, '../../fixtures/osm');

describe.each(['monaco', 'andorra', 'north-bayreuth'])('streaming import of %s', (name) => {
  it('gives the same artefact as the in-memory import', () => {
    const path = join(DIR, `${name}.osm.pbf`);
    const whole = graphFromOsmPbf(new Uint8Array(readFileSync(path)), { source: path });
    const streamed = importPbfStreaming(path);
    // the import time stamp is the one field allowed to differ
    streamed.meta.createdAt = whole.meta.createdAt;
    expect(Buffer.from(serializeGraph(streamed)).equals(Buffer.from(serializeGraph(whole)))).toBe(true);
  });
});

describe('streaming import errors', () => {
  it('refuses a truncated file with an input error', () => {
    const bytes = readFileSync(join(DIR, 'monaco.osm.pbf'));
    const p = join(tmpdir(), `wm-trunc-${process.pid}.osm.pbf`);
    writeFileSync(p, bytes.subarray(0, bytes.length - 100));
    try {
      expect(() => importPbfStreaming(p)).toThrow(RoutingInputError);
    } finally {
      rmSync(p, { force: true });
    }
  });
});

import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPublish } from '../../../infra/cli/network-publish';
import { handler as areas } from '../../../functions/routing/areas';
import { importFile, loadNetwork, saveGraph, saveHierarchy } from '../../../shared/roads';
import { fetchPublishedNetworks, networksS3Client, type Manifest } from '../../../shared/routing/published-networks';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { startS3, type LocalS3 } from '../support/s3';

// Road networks served from S3 as a deployed stage does: `npm run network -- publish` to an S3
// emulator, then a routing function's first request fetches them and routes on them.

const BUCKET = 'waymark-networks-test';
const PREFIX = 'networks/';
const monaco = resolve(import.meta.dirname, '../../fixtures/osm/monaco.osm.pbf');

describe('road networks published to S3', () => {
  let s3: LocalS3;
  let client: S3Client;
  let source: string;
  let cache: string;
  const printed: string[] = [];

  beforeAll(async () => {
    s3 = await startS3([BUCKET]);
    client = networksS3Client(s3.endpoint);
    source = mkdtempSync(join(tmpdir(), 'waymark-publish-'));
    cache = mkdtempSync(join(tmpdir(), 'waymark-fetched-'));
    saveGraph(importFile(monaco, { name: 'monaco' }), join(source, 'monaco.wmrg'));
    // the car hierarchy stored beside it, as `npm run network -- build` leaves it
    saveHierarchy(loadNetwork(join(source, 'monaco.wmrg')), { profile: 'car' }, join(source, 'monaco.wmrg'), 'car');
    await runPublish({ bucket: BUCKET, prefix: PREFIX, dir: source, endpoint: s3.endpoint }, (line) => printed.push(line));
    Object.assign(process.env, {
      WAYMARK_NETWORK_BUCKET: BUCKET,
      WAYMARK_NETWORK_PREFIX: PREFIX,
      WAYMARK_S3_ENDPOINT: s3.endpoint,
      WAYMARK_NETWORK_CACHE_DIR: cache,
    });
    delete process.env.WAYMARK_NETWORK_DIR;
  }, 120_000);

  afterAll(async () => {
    await s3?.stop();
    rmSync(source, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });

  const manifest = async (): Promise<Manifest> => {
    const out = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}manifest.json` }));
    return JSON.parse(await out.Body!.transformToString()) as Manifest;
  };

  it('publishes each region file with its checksum, the manifest naming them', async () => {
    expect(printed.at(-1)).toMatch(/^published 2 files of 1 region\(s\)/);
    const { files } = await manifest();
    expect(files.map((f) => [f.name, f.region])).toEqual([
      ['monaco.car.wmch', 'monaco'],
      ['monaco.wmrg', 'monaco'],
    ]);
    expect(files[0].sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("fetches them before a routing function's first request and routes on them", async () => {
    expect(readdirSync(cache)).toEqual([]);
    const { key } = await newOrgKey();
    // A bucket the function cannot read: a 503 to come back to, and the next request tries again.
    process.env.WAYMARK_NETWORK_BUCKET = 'no-such-bucket';
    const unready = await invoke(areas, { query: { key } });
    expect(unready.status).toBe(503);
    expect(unready.headers['retry-after']).toBe('5');
    process.env.WAYMARK_NETWORK_BUCKET = BUCKET;
    const res = await invoke(areas, { query: { key } });
    expect(res.status).toBe(200);
    expect(res.body.map((a: { code: string }) => a.code)).toEqual(['monaco']);
    expect(readdirSync(cache).sort()).toEqual(['monaco.car.wmch', 'monaco.car.wmch.sha256', 'monaco.wmrg', 'monaco.wmrg.sha256']);
    // the fetched hierarchy is read, not built
    expect(loadNetwork(join(cache, 'monaco.wmrg')).prepare({ profile: 'car' }).loaded).toBe(true);
  });

  it('keeps what a warm instance already holds, and refuses a file whose checksum is not the published one', async () => {
    const again = await fetchPublishedNetworks(client, { bucket: BUCKET, prefix: PREFIX }, cache);
    expect(again).toMatchObject({ fetched: [], kept: ['monaco.car.wmch', 'monaco.wmrg'] });

    // An object replaced without a new manifest (a half-done publish by hand) is caught.
    const fresh = mkdtempSync(join(tmpdir(), 'waymark-fetched-'));
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}monaco.wmrg`, Body: 'not the published bytes' }));
    await expect(fetchPublishedNetworks(client, { bucket: BUCKET, prefix: PREFIX }, fresh)).rejects.toThrow(/checksum .* publish again/);
    // Nothing half-written is left for a loader to find (the sidecar fetched before it is whole, and unused without its artefact).
    expect(readdirSync(fresh).sort()).toEqual(['monaco.car.wmch', 'monaco.car.wmch.sha256']);
    rmSync(fresh, { recursive: true, force: true });
  });

  it('fetches only the regions a function is given, and nothing when none is published', async () => {
    const some = mkdtempSync(join(tmpdir(), 'waymark-fetched-'));
    expect(await fetchPublishedNetworks(client, { bucket: BUCKET, prefix: PREFIX }, some, ['elsewhere'])).toMatchObject({ fetched: [] });
    expect(readdirSync(some)).toEqual([]);
    const none = await fetchPublishedNetworks(client, { bucket: BUCKET, prefix: 'nothing-here/' }, some);
    expect(none.manifest).toBeUndefined();
    expect(existsSync(some)).toBe(true);
    rmSync(some, { recursive: true, force: true });
  });
});

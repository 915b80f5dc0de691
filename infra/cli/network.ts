/**
 * Road network CLI.
 *   npm run network -- import <file.osm.pbf|file.osm|file.geojson> [--out path] [--name region] [--utc-offset minutes]
 *     (an .osm.pbf also gives <out without .wmrg>.addresses.tsv.gz: its house numbers and named places)
 *   npm run network -- info <artefact.wmrg>
 *   npm run network -- import-sample [--out path]     (bundled Gothenburg OSM data)
 *   npm run network -- synth --nodes N [--seed S] [--out path]   (seeded synthetic network of about N OSM nodes)
 *   npm run network -- publish --bucket B [--prefix networks/] [--dir .data/networks] [--endpoint URL]
 *     (a network folder to the S3 bucket a deployed stage fetches its road networks from)
 *   npm run network -- build <artefact.wmrg> [--profile car|truck|all]   (builds the profile's hierarchies with
 *     progress and stores each in a sidecar beside the artefact, <region>.<tag>.wmch, which loading the artefact
 *     then reads instead of building; an up-to-date sidecar is kept, a stale or damaged one rebuilt)
 *   import and synth take --hierarchies car|truck|all to do the same right after writing the artefact;
 *   build, import and synth take --threads N: the hierarchy is built in N stripes of the map at once
 *   (default: one per core; 1 builds it in one piece)
 * An --out path ending in .gz writes a gzip-compressed artefact.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { ADDRESS_FILE_SUFFIX, addressesFromOsmPbf, writeAddresses } from '../../shared/geocoding';
import { POI_FILE_SUFFIX, poisFromOsmPbf, writePois } from '../../shared/discover';
import {
  defaultHierarchyThreads,
  formatReport,
  gothenburgSamplePath,
  importFile,
  loadNetwork,
  saveGraph,
  saveHierarchy,
  sidecarPath,
  synthNetwork,
  type ImportProgress,
  type Profile,
  type TravelOptions,
} from '../../shared/roads/index';
import { runPublish } from './network-publish';
import { chProgressBar } from './ch-progress';
import { rerunWithLargerHeap } from './heap';

function usage(code = 1): never {
  process.stderr.write(
    'usage:\n' +
      '  npm run network -- import <file.osm.pbf|file.osm|file.geojson> [--out path] [--name region] [--utc-offset minutes] [--hierarchies car|truck|all]\n' +
      '  npm run network -- import-sample [--out path] [--hierarchies car|truck|all]\n' +
      '  npm run network -- synth --nodes N [--seed S] [--out path] [--hierarchies car|truck|all]\n' +
      '  npm run network -- publish --bucket B [--prefix networks/] [--dir .data/networks] [--endpoint URL]\n' +
      '  npm run network -- build <artefact.wmrg> [--profile car|truck|all] [--threads N]\n' +
      '  npm run network -- info <artefact.wmrg>\n',
  );
  process.exit(code);
}

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--')) usage();
  args.splice(i, 2);
  return v;
}

let lastShown = '';
function progress(p: ImportProgress): void {
  const pct = p.total > 0 ? Math.floor((p.done / p.total) * 100) : 100;
  const key = `${p.phase}:${pct}`;
  if (key === lastShown) return;
  lastShown = key;
  const bar = '#'.repeat(Math.floor(pct / 5)).padEnd(20, '.');
  process.stderr.write(`\r  ${p.phase.padEnd(6)} [${bar}] ${String(pct).padStart(3)}%`);
  if (p.done >= p.total) process.stderr.write('\n');
}

async function runImport(file: string, args: string[]): Promise<void> {
  const profiles = hierarchiesFlag(args);
  const name = flag(args, '--name') ?? basename(file).replace(/\.(osm\.pbf|pbf|osm|geojson|json)$/i, '');
  const out = flag(args, '--out') ?? `.data/networks/${name}.wmrg`;
  const off = flag(args, '--utc-offset');
  const utcOffsetMinutes = off !== undefined ? Number(off) : undefined;
  if (utcOffsetMinutes !== undefined && !Number.isFinite(utcOffsetMinutes)) usage();
  const t0 = Date.now();
  process.stderr.write(`importing ${file} as region "${name}"\n`);
  const data = importFile(file, {
    name,
    utcOffsetMinutes,
    onProgress: progress,
    onReport: (r) => process.stdout.write(formatReport(r) + '\n'),
  });
  const bytes = saveGraph(data, out);
  const b = data.meta.bbox;
  process.stdout.write(
    `wrote ${out}: ${data.lat.length} nodes, ${data.head.length} directed edges, ${data.names.length} names, ` +
      `${(bytes / 1e6).toFixed(2)} MB, bbox ${b.minLat.toFixed(5)},${b.minLon.toFixed(5)},${b.maxLat.toFixed(5)},${b.maxLon.toFixed(5)}, ` +
      `${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
  );
  if (/\.pbf$/i.test(file)) {
    writeAddressIndex(file, name, out);
    writePoiIndex(file, name, out);
  }
  if (profiles.length) await buildHierarchies(out, profiles, threadsFlag(args));
}

/** `--hierarchies car|truck|all`: the profiles whose hierarchies to store after an import. */
function hierarchiesFlag(args: string[]): Profile[] {
  const v = flag(args, '--hierarchies');
  return v === undefined ? [] : profilesOf(v);
}

function profilesOf(v: string): Profile[] {
  if (v === 'all') return ['car', 'truck'];
  if (v === 'car' || v === 'truck') return [v];
  return usage();
}

/** The extract's house numbers and named places, beside the network, for street-address geocoding. */
function writeAddressIndex(file: string, name: string, networkOut: string): void {
  const t0 = Date.now();
  const records = addressesFromOsmPbf(readFileSync(file));
  const out = networkOut.replace(/\.wmrg(\.gz)?$/, '') + ADDRESS_FILE_SUFFIX;
  const bytes = writeAddresses(out, name, records);
  const places = records.filter((r) => r.kind === 'P').length;
  process.stdout.write(
    `wrote ${out}: ${records.length - places} addresses, ${places} named places, ${(bytes / 1e6).toFixed(2)} MB, ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
  );
}

/** The extract's named points of interest, beside the network, for discover and browse. */
function writePoiIndex(file: string, name: string, networkOut: string): void {
  const t0 = Date.now();
  const records = poisFromOsmPbf(readFileSync(file));
  const out = networkOut.replace(/\.wmrg(\.gz)?$/, '') + POI_FILE_SUFFIX;
  const bytes = writePois(out, name, records);
  process.stdout.write(
    `wrote ${out}: ${records.length} points of interest, ${(bytes / 1e6).toFixed(2)} MB, ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
  );
}

/** A synthetic network, to measure the engine at a size no bundled extract reaches. */
async function runSynth(args: string[]): Promise<void> {
  const nodes = Number(flag(args, '--nodes'));
  const seed = Number(flag(args, '--seed') ?? '1');
  if (!Number.isInteger(nodes) || nodes <= 0 || !Number.isInteger(seed)) usage();
  const out = flag(args, '--out') ?? `.data/networks/synth-${nodes}.wmrg`;
  const profiles = hierarchiesFlag(args);
  const t0 = Date.now();
  const data = synthNetwork({ nodes, seed, name: `synth-${nodes}`, onProgress: progress });
  const bytes = saveGraph(data, out);
  process.stdout.write(
    `wrote ${out}: ${data.lat.length} nodes, ${data.head.length} directed edges, ${(bytes / 1e6).toFixed(2)} MB, ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
  );
  if (profiles.length) await buildHierarchies(out, profiles, threadsFlag(args));
}

/**
 * The metrics a server answers most with no options beyond the profile: the plain one, and the
 * directions default (ferries avoided) when the network has ferries the profile may take.
 */
function defaultMetrics(net: ReturnType<typeof loadNetwork>, profile: Profile): Array<{ tag: string; options: TravelOptions }> {
  const plain = { tag: profile, options: { profile } };
  const noFerry = { tag: `${profile}-avoid-ferry`, options: { profile, avoid: { ferry: true } } };
  return net.metricFor(plain.options).key === net.metricFor(noFerry.options).key ? [plain] : [plain, noFerry];
}

/** `--threads N`: parts of the map whose hierarchies are built at once. */
function threadsFlag(args: string[]): number {
  const v = flag(args, '--threads');
  if (v === undefined) return defaultHierarchyThreads();
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 64) usage();
  return n;
}

/** Build the profiles' hierarchies with a progress bar and store each beside the artefact. */
async function buildHierarchies(file: string, profiles: Profile[], threads: number): Promise<void> {
  const t0 = Date.now();
  const net = loadNetwork(file, {
    onSidecar: (e) => {
      if (!e.used) process.stderr.write(`refused ${e.path}: ${e.reason}; building it again\n`);
    },
  });
  process.stderr.write(`loaded ${file}: ${net.nodeCount} nodes, ${net.edgeCount} edges, ${Date.now() - t0} ms\n`);
  for (const profile of profiles) {
    for (const { tag, options } of defaultMetrics(net, profile)) {
      const progress = chProgressBar(`${tag} hierarchy`);
      await net.prepareInParts(options, threads, progress);
      const bytes = saveHierarchy(net, options, file, tag, progress);
      const r = net.prepare(options);
      const out = sidecarPath(file, tag);
      process.stdout.write(
        bytes === 0
          ? `${tag} hierarchy: ${out} is up to date (${r.shortcuts} shortcuts, read in ${r.buildMs} ms)\n`
          : `${tag} hierarchy: ${r.shortcuts} shortcuts (${r.longEdgesDropped} long edges dropped), ${(r.buildMs / 1000).toFixed(1)} s; ` +
              `wrote ${out} (${(bytes / 1e6).toFixed(2)} MB)\n`,
      );
    }
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const cmd = args.shift();
  if (cmd === 'import' || cmd === 'synth' || cmd === 'build') rerunWithLargerHeap();
  try {
    if (cmd === 'publish') {
      const bucket = flag(args, '--bucket') ?? usage();
      const prefix = flag(args, '--prefix') ?? 'networks/';
      const dir = flag(args, '--dir') ?? '.data/networks';
      await runPublish({ bucket, prefix, dir, endpoint: flag(args, '--endpoint') }, (line) => process.stdout.write(`${line}\n`));
    } else if (cmd === 'import') {
      const file = args.shift();
      if (!file) usage();
      await runImport(file, args);
    } else if (cmd === 'import-sample') {
      if (!args.includes('--name')) args.push('--name', 'gothenburg');
      await runImport(gothenburgSamplePath(), args);
    } else if (cmd === 'synth') {
      await runSynth(args);
    } else if (cmd === 'build') {
      const file = args.shift();
      if (!file) usage();
      await buildHierarchies(file, profilesOf(flag(args, '--profile') ?? 'car'), threadsFlag(args));
    } else if (cmd === 'info') {
      const file = args.shift();
      if (!file) usage();
      const net = loadNetwork(file);
      const m = net.graph.data.meta;
      process.stdout.write(
        JSON.stringify(
          {
            name: m.name,
            nodes: net.nodeCount,
            edges: net.edgeCount,
            bbox: m.bbox,
            utcOffsetMinutes: m.utcOffsetMinutes,
            source: m.source,
            createdAt: m.createdAt,
            attribution: m.attribution,
          },
          null,
          2,
        ) + '\n',
      );
    } else if (cmd === '--help' || cmd === '-h' || cmd === 'help') usage(0);
    else usage();
  } catch (e) {
    process.stderr.write(`\nerror: ${(e as Error).message}\n`);
    process.exit(1);
  }
}

void main();

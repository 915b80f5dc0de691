import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { BatchWriteItemCommand, type WriteRequest } from '@aws-sdk/client-dynamodb';
import { lineToItem } from './items';
import { FORMAT, type Manifest } from './export';
import { loadState, saveState } from './progress';
import { KEYS_TABLE, remapItem } from './scope';
import type { Storage } from './target';

// `waymark import --in DIR [--space <org|ns>]`: writes an export's items into a stage, moved into
// another space when asked. Every item is put under its own key, so a second run writes the same
// items again: the result is the same (idempotent). Resumable: DIR/.import-state.json holds the
// lines of each file already written to this target; a rerun skips them.

/** Lines per checkpoint: sixteen BatchWriteItem calls of 25, sent together (one at a time is latency-bound). */
const STEP = 400;
const BATCH = 25;

async function writeAll(storage: Storage, table: string, requests: WriteRequest[]): Promise<void> {
  let pending = requests;
  for (let attempt = 0; pending.length; attempt++) {
    if (attempt > 10) throw new Error(`${table}: items still unprocessed after ${attempt} attempts (throttled?)`);
    if (attempt) await new Promise((r) => setTimeout(r, Math.min(5000, 100 * 2 ** attempt)));
    const out = await storage.client.send(new BatchWriteItemCommand({ RequestItems: { [table]: pending } }));
    pending = out.UnprocessedItems?.[table] ?? [];
  }
}

export interface ImportReport {
  tables: Record<string, number>;
}

export async function importSpace(
  storage: Storage,
  dir: string,
  options: {
    space?: string;
    progress: (line: string) => void;
    /** Stop after this many lines (tests: an interruption). */ stopAfter?: number;
  },
): Promise<ImportReport> {
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${dir} has no manifest.json: not a finished export`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  if (manifest.format !== FORMAT) throw new Error(`${dir}: format ${manifest.format}, expected ${FORMAT}`);
  const to = options.space ?? manifest.space;
  const statePath = join(dir, '.import-state.json');
  const target = `${storage.stage} ${to}`;
  const all = loadState<Record<string, Record<string, number>>>(statePath, {});
  const state = (all[target] ??= {});
  const report: ImportReport = { tables: {} };
  let budget = options.stopAfter ?? Infinity;
  for (const [id, { file }] of Object.entries(manifest.tables)) {
    if (id === KEYS_TABLE || !storage.tableIds.includes(id)) continue;
    const table = storage.table(id);
    let done = state[id] ?? 0;
    let line = 0;
    let chunk: WriteRequest[] = [];
    const flush = async () => {
      const batches = [];
      for (let i = 0; i < chunk.length; i += BATCH) batches.push(writeAll(storage, table, chunk.slice(i, i + BATCH)));
      await Promise.all(batches);
      done += chunk.length;
      budget -= chunk.length;
      chunk = [];
      state[id] = done;
      saveState(statePath, all);
      options.progress(`import ${id}: ${done} of ${manifest.tables[id].items}`);
    };
    for await (const text of createInterface({ input: createReadStream(join(dir, file)), crlfDelay: Infinity })) {
      if (!text || line++ < done) continue;
      chunk.push({ PutRequest: { Item: remapItem(lineToItem(text), manifest.space, to) } });
      if (chunk.length === STEP) await flush();
      if (budget <= 0) throw new Error(`import stopped after ${options.stopAfter} line(s), as asked`);
    }
    if (chunk.length) await flush();
    report.tables[id] = done;
  }
  return report;
}

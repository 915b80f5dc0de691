import { closeSync, mkdirSync, openSync, ftruncateSync, writeSync, fsyncSync, writeFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { itemToLine, type Item } from './items';
import { loadState, saveState } from './progress';
import { inSpace, KEY_SECRET_FIELDS, KEYS_TABLE, spaceFilter } from './scope';
import type { Storage } from './target';

// `waymark export --space <org|ns> --out DIR`: every stored item of one space, one NDJSON file per
// table (DIR/<table>.ndjson), and DIR/manifest.json last (its presence says the export is whole).
// Resumable: DIR/.export-state.json holds, per table, the scan position and the file's length
// after the last page written; a rerun cuts the file back to that length and scans on from there.

export const FORMAT = 'waymark-space-export/1';

export interface Manifest {
  format: string;
  space: string;
  stage: string;
  exported_at: string;
  tables: Record<string, { file: string; items: number }>;
  /** What the export leaves out and why (docs/operations/command-line.md). */
  notes: string[];
}

interface TableState {
  done: boolean;
  bytes: number;
  items: number;
  next?: Record<string, AttributeValue>;
}

function keyMetadata(item: Item, org: string, namespace: string): Item | undefined {
  if (item.org?.S !== org) return undefined;
  const ns = item.namespace?.S ?? '';
  if (ns !== namespace) return undefined;
  return Object.fromEntries(Object.entries(item).filter(([k]) => !KEY_SECRET_FIELDS.includes(k)));
}

async function exportTable(
  storage: Storage,
  id: string,
  space: string,
  dir: string,
  state: TableState,
  save: () => void,
  progress: (l: string) => void,
) {
  const file = join(dir, `${id}.ndjson`);
  const fd = openSync(file, 'a+');
  try {
    if (statSync(file).size !== state.bytes) ftruncateSync(fd, state.bytes);
    const [org, namespace] = space.split('|');
    const filter =
      id === KEYS_TABLE ? { FilterExpression: 'org = :o', ExpressionAttributeValues: { ':o': { S: org } } } : spaceFilter(space);
    while (!state.done) {
      const page = await storage.client.send(
        new ScanCommand({ TableName: storage.table(id), ExclusiveStartKey: state.next, ...filter, Limit: 1000 }),
      );
      const lines: string[] = [];
      for (const item of page.Items ?? []) {
        const kept = id === KEYS_TABLE ? keyMetadata(item, org, namespace) : inSpace(item, space) ? item : undefined;
        if (kept) lines.push(itemToLine(kept));
      }
      if (lines.length) {
        const text = `${lines.join('\n')}\n`;
        writeSync(fd, text, state.bytes);
        fsyncSync(fd);
        state.bytes += Buffer.byteLength(text);
        state.items += lines.length;
      }
      state.next = page.LastEvaluatedKey;
      state.done = !state.next;
      save();
      progress(`export ${id}: ${state.items} item(s)${state.done ? ', done' : ''}`);
    }
  } finally {
    closeSync(fd);
  }
}

export async function exportSpace(storage: Storage, space: string, dir: string, progress: (line: string) => void): Promise<Manifest> {
  mkdirSync(dir, { recursive: true });
  const statePath = join(dir, '.export-state.json');
  const state = loadState<{ space: string; tables: Record<string, TableState> }>(statePath, { space, tables: {} });
  if (state.space !== space) throw new Error(`${dir} holds an unfinished export of another space (${state.space}); choose another --out`);
  const save = () => saveState(statePath, state);
  for (const id of storage.tableIds) {
    state.tables[id] ??= { done: false, bytes: 0, items: 0 };
    await exportTable(storage, id, space, dir, state.tables[id], save, progress);
  }
  const manifest: Manifest = {
    format: FORMAT,
    space,
    stage: storage.stage,
    exported_at: new Date().toISOString(),
    tables: Object.fromEntries(storage.tableIds.map((id) => [id, { file: `${id}.ndjson`, items: state.tables[id].items }])),
    notes: [
      'keys.ndjson: key metadata only (no key, no hash); import does not create keys',
      'left out: rate-limit counters (transient) and webhook signing secrets (secrets)',
    ],
  };
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

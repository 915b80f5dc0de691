import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

// Resumability: a small JSON state file beside the data, rewritten (atomically: write, then
// rename) after each unit of work that is already durable, so an interrupted run starts again
// from the last one.

export function loadState<T>(path: string, fresh: T): T {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : fresh;
}

export function saveState(path: string, state: unknown): void {
  writeFileSync(`${path}.tmp`, JSON.stringify(state));
  renameSync(`${path}.tmp`, path);
}

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { quietSdk } from '../local/quiet-sdk';
import { buildDocument } from './document';
import { repoRoot } from './routes';

// `npm run openapi` (also run by `prepare`, `npm start` and `npm run package`): writes
// the document GET /openapi.json serves into build/, generated and never committed, so
// it cannot fall behind the schemas it is derived from.
export const DOCUMENT_PATH = resolve(repoRoot, 'build/openapi.json');

export function serialize(document: unknown): string {
  return JSON.stringify(document, null, 2) + '\n';
}

/** Builds the document from the handlers and writes it to `path`. */
export async function writeDocument(path = DOCUMENT_PATH): Promise<void> {
  const text = serialize(await buildDocument());
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  quietSdk();
  await writeDocument();
  process.stdout.write(`wrote ${DOCUMENT_PATH}\n`);
}

import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { quietSdk } from '../local/quiet-sdk';
import { buildDocument } from './document';
import { repoRoot } from './routes';

// `npm run openapi`: regenerates shared/api/openapi.json, which GET
// /openapi.json serves. A test fails when the committed file is stale.
export const DOCUMENT_PATH = resolve(repoRoot, 'shared/api/openapi.json');

export function serialize(document: unknown): string {
  return JSON.stringify(document, null, 2) + '\n';
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  quietSdk();
  writeFileSync(DOCUMENT_PATH, serialize(await buildDocument()));
  process.stdout.write(`wrote ${DOCUMENT_PATH}\n`);
}

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { issueRootKey } from '../../shared/auth/issue';
import { isApiError } from '../../shared/platform/errors';
import { DynamoKeyStore } from '../../shared/auth/dynamo-store';

// The local stack's organisation key. Its plain value is kept in the data
// folder (a local convenience only; deployed stacks never store plain keys) so
// every start, persistent or in-memory, prints and accepts the same key.
export async function ensureLocalRootKey(file: string): Promise<string> {
  let key: string | undefined;
  if (existsSync(file)) key = readFileSync(file, 'utf8').trim() || undefined;
  const now = Math.floor(Date.now() / 1000);
  try {
    const issued = await issueRootKey(new DynamoKeyStore(), { org: 'local', label: 'local stack', now, key });
    key = issued.key;
  } catch (error) {
    if (!(isApiError(error) && error.status === 409)) throw error;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key!;
}

import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { LOCAL_CREDENTIALS } from '../../../infra/local/emulators';

// An S3 emulator (s3rver) in the test's process, on a free port, with its objects in a temp folder.

export interface LocalS3 {
  endpoint: string;
  stop: () => Promise<void>;
}

export async function startS3(buckets: string[]): Promise<LocalS3> {
  // s3rver knows one key pair of its own; the local stack's credentials sign every request of
  // the code under test, so they are added to its dummy account.
  const { DUMMY_ACCOUNT } = createRequire(import.meta.url)('s3rver/lib/models/account') as {
    DUMMY_ACCOUNT: { createKeyPair: (id: string, secret: string) => void };
  };
  DUMMY_ACCOUNT.createKeyPair(LOCAL_CREDENTIALS.accessKeyId, LOCAL_CREDENTIALS.secretAccessKey);
  const directory = mkdtempSync(join(tmpdir(), 'waymark-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

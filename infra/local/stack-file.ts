import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

// While `npm start` runs it leaves its endpoints here, so operator commands
// (npm run keys, ...) can reach the running emulators without configuration.

export interface StackFile {
  pid: number;
  baseUrl: string;
  dynamodb: string;
  sqs: string;
}

export function stackFilePath(dataDir: string): string {
  return resolve(dataDir, 'local-stack.json');
}

/** Where the local stack keeps its root key in plain text (see root-key.ts). */
export function localKeyPath(dataDir: string): string {
  return resolve(dataDir, 'local-api-key');
}

export function writeStackFile(dataDir: string, stack: StackFile): void {
  writeFileSync(stackFilePath(dataDir), JSON.stringify(stack, null, 2) + '\n');
}

export function removeStackFile(dataDir: string): void {
  rmSync(stackFilePath(dataDir), { force: true });
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function readStackFile(dataDir: string): StackFile | undefined {
  const path = stackFilePath(dataDir);
  if (!existsSync(path)) return undefined;
  const stack = JSON.parse(readFileSync(path, 'utf8')) as StackFile;
  return processAlive(stack.pid) ? stack : undefined;
}

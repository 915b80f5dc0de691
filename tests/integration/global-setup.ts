import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamo, startSqs, type Running } from '../../infra/local/emulators';
import { provisionQueues, provisionTables } from '../../infra/local/provision';
import { chromiumPath } from './support/browser';
import { stopSharedStacks } from './support/shared-stack';
import { useQuickJit } from './support/jvm';

// Integration tests run against the real emulators of the local stack, each
// run on free ports with an in-memory database, so they never touch a
// developer's running stack or its data.
//
// Test files run in parallel, one per worker. Each worker slot (VITEST_POOL_ID,
// 1..maxWorkers, never held by two files at once) has emulators of its own:
// files running at the same time never see each other's items or queue
// messages, nor wait on each other's DynamoDB Local, and each slot's emulators
// serve one file after another, as the single pair of a serial run did.

export const TEST_STAGE = 'test';

export interface SlotEmulators {
  dynamoEndpoint: string;
  sqsEndpoint: string;
  queueUrls: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Index i: the emulators of worker slot i + 1. */
    emulators: SlotEmulators[];
    /** The folder where each slot's shared `npm start` stack is recorded (support/shared-stack.ts). */
    sharedStacks: string;
  }
}

async function startSlot(running: Running[]): Promise<SlotEmulators> {
  const dynamo = await startDynamo({ dataDir: null });
  running.push(dynamo);
  const sqs = await startSqs({});
  running.push(sqs);
  await provisionTables(dynamo.endpoint, TEST_STAGE);
  const queueUrls = await provisionQueues(sqs.endpoint, TEST_STAGE);
  return { dynamoEndpoint: dynamo.endpoint, sqsEndpoint: sqs.endpoint, queueUrls };
}

interface Started {
  emulators: SlotEmulators[];
  sharedStacks: string;
  stop: () => Promise<void>;
}

async function start(workers: number): Promise<Started> {
  useQuickJit();
  const running: Running[] = [];
  const sharedStacks = mkdtempSync(join(tmpdir(), 'waymark-shared-stacks-'));
  const stop = async () => {
    await stopSharedStacks(sharedStacks);
    for (const emulator of running.reverse()) await emulator.stop();
  };
  try {
    const slots = Array.from({ length: Math.max(1, workers) }, () => startSlot(running));
    // @sparticuz/chromium unpacks its browser into the temp folder on first use, unguarded:
    // a second caller finding the half-written binary would run it. Unpacked here, once,
    // before any browser test starts (at once when it already is), beside the emulators' start.
    const [emulators] = await Promise.all([Promise.all(slots), chromiumPath()]);
    return { emulators, sharedStacks, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

// Both integration projects (the isolated one and the one whose files share a process,
// vitest.config.ts) run this setup; they share one pool of worker slots, so they share the
// slots' emulators too: started by the first project, stopped after the last.
const STARTED = Symbol.for('waymark.integration.emulators');
type Holder = { started?: Promise<Started>; users: number };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const holder = ((globalThis as Record<symbol, Holder>)[STARTED] ??= { users: 0 });
  holder.users++;
  holder.started ??= start(project.config.maxWorkers);
  let started: Started;
  try {
    started = await holder.started;
  } catch (error) {
    holder.users--;
    throw error;
  }
  project.provide('sharedStacks', started.sharedStacks);
  project.provide('emulators', started.emulators);
  return async () => {
    if (--holder.users > 0) return;
    holder.started = undefined;
    await started.stop();
  };
}

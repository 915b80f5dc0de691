import { documentClient } from '../../../shared/platform/dynamo';

// Fault injection for the tracking and monitor write paths: wraps the process's DynamoDB document
// client so that its Nth write (PutItem, UpdateItem, DeleteItem, TransactWriteItems,
// BatchWriteItem) fails. Three ways to fail:
//   throttle     the write is refused as DynamoDB refuses it under throttling (nothing written);
//   conditional  the write is refused as if a concurrent writer had changed the item (nothing written);
//   crash        the write happens, then the caller gets an error instead of the answer: a process
//                that died right after the write (the client sees no answer and retries).

export type FaultKind = 'throttle' | 'conditional' | 'crash';

const WRITES = new Set(['PutCommand', 'UpdateCommand', 'DeleteCommand', 'TransactWriteCommand', 'BatchWriteCommand']);

function refusal(kind: Exclude<FaultKind, 'crash'>, command: string): Error {
  if (kind === 'conditional' && command === 'TransactWriteCommand') {
    return Object.assign(new Error('Transaction cancelled (injected)'), {
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
    });
  }
  if (kind === 'conditional' && command !== 'BatchWriteCommand') {
    return Object.assign(new Error('The conditional request failed (injected)'), { name: 'ConditionalCheckFailedException' });
  }
  return Object.assign(new Error('Rate of requests exceeds the allowed throughput (injected)'), {
    name: 'ProvisionedThroughputExceededException',
  });
}

export interface WriteFaults {
  /** The `at`-th write from now (1-based) fails in the given way. */
  arm(at: number, kind: FaultKind): void;
  /** Stops injecting; whether the armed fault fired. */
  disarm(): boolean;
  /** Writes seen since the last arm(). */
  writes(): number;
  /** Puts the client back as it was. */
  restore(): void;
}

export function injectWriteFaults(): WriteFaults {
  const client = documentClient();
  const original = client.send.bind(client) as (command: unknown) => Promise<unknown>;
  let armed: { at: number; kind: FaultKind } | undefined;
  let count = 0;
  let fired = false;
  (client as unknown as { send: (command: unknown) => Promise<unknown> }).send = async (command) => {
    const name = (command as object).constructor.name;
    if (!armed || !WRITES.has(name)) return original(command);
    count++;
    if (count !== armed.at) return original(command);
    fired = true;
    if (armed.kind !== 'crash') throw refusal(armed.kind, name);
    await original(command);
    throw Object.assign(new Error('the process died after this write (injected)'), { name: 'InjectedCrash' });
  };
  return {
    arm(at, kind) {
      armed = { at, kind };
      count = 0;
      fired = false;
    },
    disarm() {
      armed = undefined;
      return fired;
    },
    writes: () => count,
    restore() {
      (client as unknown as { send: unknown }).send = original;
    },
  };
}

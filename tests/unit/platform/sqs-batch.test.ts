import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sqsBatchHandler } from '../../../functions/lib/sqs-batch';

const record = (messageId: string, body: string): SQSRecord =>
  ({ messageId, body, attributes: { ApproximateReceiveCount: '2' } }) as unknown as SQSRecord;
const event = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

/** Bodies are `{"n": <number>}`; the run fails for odd numbers. */
const parse = (body: string) => {
  const n = (JSON.parse(body) as { n?: unknown }).n;
  return typeof n === 'number' ? n : undefined;
};

/** The JSON log lines written to stderr while `fn` runs. */
async function errorLines(fn: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  return lines.map((l) => JSON.parse(l));
}

afterEach(() => vi.restoreAllMocks());

describe('SQS partial batch responses', () => {
  it('runs every record and reports exactly the ones that failed', async () => {
    const ran: number[] = [];
    const handler = sqsBatchHandler({
      name: 'test',
      parse,
      run: async (n) => {
        ran.push(n);
        if (n % 2) throw new Error(`odd ${n}`);
      },
    });
    const res = await handler(event(record('a', '{"n":1}'), record('b', '{"n":2}'), record('c', '{"n":3}')));
    expect(ran).toEqual([1, 2, 3]);
    expect(res).toEqual({ batchItemFailures: [{ itemIdentifier: 'a' }, { itemIdentifier: 'c' }] });
  });

  it('drops malformed records with a log line instead of handing them back', async () => {
    const run = vi.fn(async () => undefined);
    const handler = sqsBatchHandler({ name: 'test job', parse, run });
    let res: unknown;
    const logged = await errorLines(async () => {
      res = await handler(event(record('bad-json', '{'), record('no-n', '{"m":1}'), record('ok', '{"n":2}')));
    });
    expect(res).toEqual({ batchItemFailures: [] });
    expect(run).toHaveBeenCalledTimes(1);
    expect(logged.map((l) => [l.msg, l.message_id])).toEqual([
      ['malformed test job message dropped', 'bad-json'],
      ['malformed test job message dropped', 'no-n'],
    ]);
  });

  it('logs a failure through `failed` with the parsed message', async () => {
    const seen: [number, string][] = [];
    const handler = sqsBatchHandler({
      name: 'test',
      parse,
      run: async () => Promise.reject(new Error('no queue')),
      failed: (n, error) => seen.push([n, (error as Error).message]),
    });
    expect((await handler(event(record('x', '{"n":4}')))).batchItemFailures).toEqual([{ itemIdentifier: 'x' }]);
    expect(seen).toEqual([[4, 'no queue']]);
  });

  it('passes the record and the Lambda context to the run', async () => {
    const handler = sqsBatchHandler({
      name: 'test',
      parse,
      run: async (_n, rec, context) => {
        expect(rec.attributes.ApproximateReceiveCount).toBe('2');
        expect(context?.getRemainingTimeInMillis()).toBe(1234);
      },
    });
    expect(await handler(event(record('r', '{"n":2}')), { getRemainingTimeInMillis: () => 1234 })).toEqual({ batchItemFailures: [] });
  });

  it('runs records one after another, or all at once when concurrent', async () => {
    for (const concurrent of [false, true]) {
      let running = 0;
      let most = 0;
      const handler = sqsBatchHandler({
        name: 'test',
        parse,
        concurrent,
        run: async () => {
          most = Math.max(most, ++running);
          await new Promise((r) => setTimeout(r, 5));
          running--;
        },
      });
      await handler(event(record('a', '{"n":2}'), record('b', '{"n":4}'), record('c', '{"n":6}')));
      expect(most).toBe(concurrent ? 3 : 1);
    }
  });
});

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CounterStore, Window } from './limiter';
import { config } from '../platform/config';
import { documentClient, isConditionalCheckFailed } from '../platform/dynamo';

// One item per (key, quota) holds every window: bucket b<i> and count c<i>.
// A request is one conditional UpdateItem that counts it in all windows. The
// update has to know which windows roll over (SET to 1) and which go on (ADD
// 1 under the limit). It guesses from the buckets this instance last wrote;
// when the condition fails, the item as it was (returned with the failure, no
// extra read) says whether a window is full (refused, nothing written) or
// which windows to roll over. Another request changing the item in between
// just means one more round.

const MAX_ROUNDS = 12;
const MAX_REMEMBERED = 10_000;

type Attribute = { N?: string } | undefined;

export class DynamoCounterStore implements CounterStore {
  private readonly table = config.table('ratelimits');
  /** The buckets this instance last wrote per counter: the guess for the next request. */
  private readonly written = new Map<string, number[]>();

  async take(counter: string, windows: readonly Window[], expiresAt: number): Promise<number> {
    const buckets = windows.map((w) => w.bucket);
    const last = this.written.get(counter);
    const rolling = windows.map((w, i) => last?.[i] !== w.bucket);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const old = await this.tryUpdate(counter, windows, buckets, rolling, expiresAt);
      if (old === 'counted') {
        this.remember(counter, buckets);
        return -1;
      }
      for (let i = 0; i < windows.length; i++) {
        const storedBucket = Number((old?.[`b${i}`] as Attribute)?.N ?? -Infinity);
        // Another instance whose clock runs ahead has opened a later window: count in that one.
        buckets[i] = Math.max(windows[i].bucket, storedBucket);
        rolling[i] = storedBucket < buckets[i];
        const count = rolling[i] ? 0 : Number((old?.[`c${i}`] as Attribute)?.N ?? 0);
        if (count >= windows[i].limit) return i;
      }
    }
    throw new Error(`rate limit counter ${counter} kept changing under ${MAX_ROUNDS} concurrent updates`);
  }

  private remember(counter: string, buckets: number[]): void {
    this.written.delete(counter);
    if (this.written.size >= MAX_REMEMBERED) this.written.delete(this.written.keys().next().value!);
    this.written.set(counter, buckets);
  }

  /** 'counted', or the item as it was when the condition failed (undefined: no item). */
  private async tryUpdate(
    counter: string,
    windows: readonly Window[],
    buckets: number[],
    rolling: boolean[],
    expiresAt: number,
  ): Promise<'counted' | Record<string, unknown> | undefined> {
    const conditions: string[] = [];
    const sets = ['expires_at = :exp'];
    const adds: string[] = [];
    const names: Record<string, string> = {};
    const values: Record<string, number> = { ':one': 1, ':exp': expiresAt };
    windows.forEach((w, i) => {
      names[`#b${i}`] = `b${i}`;
      names[`#c${i}`] = `c${i}`;
      values[`:b${i}`] = buckets[i];
      if (rolling[i]) {
        conditions.push(`(attribute_not_exists(#b${i}) OR #b${i} < :b${i})`);
        sets.push(`#b${i} = :b${i}`, `#c${i} = :one`);
      } else {
        values[`:l${i}`] = w.limit;
        conditions.push(`#b${i} = :b${i} AND #c${i} < :l${i}`);
        adds.push(`#c${i} :one`);
      }
    });
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: counter },
          UpdateExpression: `SET ${sets.join(', ')}${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
          ConditionExpression: conditions.join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return 'counted';
    } catch (error) {
      if (isConditionalCheckFailed(error)) return (error as { Item?: Record<string, unknown> }).Item;
      throw error;
    }
  }
}

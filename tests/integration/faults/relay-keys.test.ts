import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../../shared/platform/dynamo';
import { workItemKey, workTable } from '../../../shared/platform/work';
import { sweepTrackingWork } from '../../../shared/tracking/sweep';
import { uploadTrack } from '../../../shared/tracking/track';
import { alternating, expectedWebhooks, keyOf, newAsset, world } from './tracking-world';

// Relay items live under one of 16 keys per space; an item an older version left under the
// space's single key "<space>#relay" is still found by the sweeper, relayed and removed.

async function itemsUnder(pk: string) {
  const out = await documentClient().send(
    new QueryCommand({
      TableName: workTable(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

describe('relay work keys', () => {
  it('writes the relay item under the asset’s shard key, and the sweeper finishes one left under the old key', async () => {
    const w = await world();
    await newAsset(w, 'truck');
    w.queueDown.value = true;
    await uploadTrack(w.ctx, w.space, 'truck', alternating(4));
    const key = await keyOf(w, 'truck');
    const owed = await expectedWebhooks(w, 'truck');
    expect(owed.length).toBeGreaterThan(0);

    const current = workItemKey({ kind: 'relay', space: w.space, key });
    expect(current.pk).toMatch(/#relay#\d+$/);
    const [item] = await itemsUnder(current.pk);
    expect(item?.sk).toBe(key);

    // Moved to where an older version kept it.
    const legacyPk = `${w.space}#relay`;
    await documentClient().send(new PutCommand({ TableName: workTable(), Item: { ...item, pk: legacyPk } }));
    await documentClient().send(new DeleteCommand({ TableName: workTable(), Key: current }));

    w.queueDown.value = false;
    const later = Date.now() + 3_600_000;
    for (let run = 1; (await itemsUnder(legacyPk)).length > 0; run++) {
      expect(run, 'sweeper runs').toBeLessThanOrEqual(20);
      await sweepTrackingWork({ ctx: w.ctx, relay: (s, k) => w.evaluator.relay(s, k), now: () => later });
    }
    for (const hook of owed) expect(w.sent).toContain(hook);
    expect(await itemsUnder(current.pk)).toEqual([]);
  });
});

import { batchWriteAll, queryAll } from './dynamo';

// A job's large values (its request, its results) stored gzipped as numbered chunks beside the
// job, in its partition: sk "<name>#0000", "<name>#0001"... Every job store (the platform's,
// the optimization service's) keeps its blobs this way.

export const chunkSk = (name: string, i: number): string => `${name}#${String(i).padStart(4, '0')}`;

/** Writes the chunks of blob `name` (rewriting them is harmless: same keys, same content). */
export async function putChunks(table: string, pk: string, name: string, chunks: Uint8Array[], expiresAt: number): Promise<void> {
  // At most 25 items of at most 300 KB each per call: well under BatchWriteItem's 16 MB.
  const requests = chunks.map((data, i) => ({ PutRequest: { Item: { pk, sk: chunkSk(name, i), data, expires_at: expiresAt } } }));
  await batchWriteAll(table, requests, 2);
}

/**
 * The chunks of blob `name`, in order: the first `count` when it is given, else every chunk
 * stored under the name. Whoever knows how many there should be checks the length.
 */
export async function readChunks(table: string, pk: string, name: string, count?: number): Promise<Uint8Array[]> {
  const items = await queryAll({
    TableName: table,
    ...(count === undefined
      ? { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': pk, ':prefix': `${name}#` } }
      : {
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': pk, ':from': chunkSk(name, 0), ':to': chunkSk(name, count - 1) },
        }),
    ConsistentRead: true,
  });
  return items.map((item) => item.data as Uint8Array);
}

export async function deleteChunks(table: string, pk: string, name: string, count: number): Promise<void> {
  await batchWriteAll(
    table,
    Array.from({ length: count }, (_, i) => ({ DeleteRequest: { Key: { pk, sk: chunkSk(name, i) } } })),
  );
}

import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import { JOB_RETENTION_SECONDS, type JobRecord } from './model';
import type { BlobKind, JobOutcome, OptimizationJobStore, PendingJobRef } from './store';
import { batchWriteAll, documentClient, isConditionalCheckFailed, isTransactionCanceled, queryAll } from '../platform/dynamo';
import { retry } from '../platform/retry';

// Route optimization jobs in DynamoDB (table "optimization-jobs", see infra/tables/optimization.ts).
// Every partition key starts with the caller's space, so no read or write can reach another
// organisation or namespace. All conditional writes of the job lifecycle live here.

const jobPk = (space: string, id: string) => `JOB#${space}#${id}`;
const pendingPk = (space: string, keyHash: string) => `PENDING#${space}#${keyHash}`;
const META = 'META';
const COUNT = 'COUNT';
const chunkSk = (kind: BlobKind, i: number) => `${kind}#${String(i).padStart(4, '0')}`;
/** Partition of the sparse index byPending: only queued and running jobs carry it. */
const PENDING_INDEX_PK = 'PENDING';

function cancellationCodes(error: unknown): string[] {
  return ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

/** A write that lost a race with a transaction on the same item (the pending counter): worth repeating. */
function isTransactionConflict(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'TransactionConflictException') return true;
  return (
    isTransactionCanceled(error) &&
    cancellationCodes(error).includes('TransactionConflict') &&
    !cancellationCodes(error).includes('ConditionalCheckFailed')
  );
}

const retryConflicts = <T>(write: () => Promise<T>): Promise<T> =>
  retry(write, { retryable: isTransactionConflict, attempts: 6, baseDelayMs: 25 });

function toRecord(item: Record<string, unknown>): JobRecord {
  const { pk: _pk, sk: _sk, pending_pk: _p, pending_sk: _s, expires_at: _e, ...rest } = item;
  return rest as unknown as JobRecord;
}

export class DynamoOptimizationJobStore implements OptimizationJobStore {
  private get table(): string {
    return config.table('optimization-jobs');
  }

  /** Takes one of the key's pending slots; false when `limit` are taken (one conditional update: exact under concurrency). */
  async reservePending(space: string, keyHash: string, limit: number): Promise<boolean> {
    try {
      await retryConflicts(() =>
        documentClient().send(
          new UpdateCommand({
            TableName: this.table,
            Key: { pk: pendingPk(space, keyHash), sk: COUNT },
            UpdateExpression: 'ADD #count :one',
            ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':one': 1, ':limit': limit },
          }),
        ),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }

  /** Gives a slot back (a submission that failed after reserving one). */
  async releasePending(space: string, keyHash: string): Promise<void> {
    await retryConflicts(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: pendingPk(space, keyHash), sk: COUNT },
          UpdateExpression: 'ADD #count :minus',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':minus': -1 },
        }),
      ),
    );
  }

  async pendingCount(space: string, keyHash: string): Promise<number> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: pendingPk(space, keyHash), sk: COUNT }, ConsistentRead: true }),
    );
    return Number(out.Item?.count ?? 0);
  }

  async putBlob(space: string, id: string, kind: BlobKind, chunks: Uint8Array[], expiresAt: number): Promise<void> {
    const pk = jobPk(space, id);
    // At most 25 items of at most 300 KB each per call: well under BatchWriteItem's 16 MB.
    const requests = chunks.map((data, i) => ({ PutRequest: { Item: { pk, sk: chunkSk(kind, i), data, expires_at: expiresAt } } }));
    await batchWriteAll(this.table, requests, 2);
  }

  async getBlob(space: string, id: string, kind: BlobKind, count: number): Promise<Uint8Array[]> {
    const items = await queryAll({
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': jobPk(space, id), ':from': chunkSk(kind, 0), ':to': chunkSk(kind, count - 1) },
      ConsistentRead: true,
    });
    const chunks = items.map((item) => item.data as Uint8Array);
    if (chunks.length !== count) throw new Error(`job ${id}: expected ${count} ${kind} chunks, found ${chunks.length}`);
    return chunks;
  }

  /** Stores a new queued job; its request blob must be stored first. */
  async create(job: JobRecord): Promise<void> {
    await documentClient().send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: jobPk(job.space, job.id),
          sk: META,
          ...job,
          pending_pk: PENDING_INDEX_PK,
          pending_sk: `${String(job.created_at).padStart(12, '0')}#${job.space}#${job.id}`,
          expires_at: job.created_at + JOB_RETENTION_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(space: string, id: string): Promise<JobRecord | undefined> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: jobPk(space, id), sk: META }, ConsistentRead: true }),
    );
    return out.Item ? toRecord(out.Item) : undefined;
  }

  /** queued|running -> running, counting the attempt; undefined when the job is finished (or gone). */
  async markRunning(space: string, id: string, now: number): Promise<JobRecord | undefined> {
    try {
      const out = await documentClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: jobPk(space, id), sk: META },
          UpdateExpression: 'SET #status = :running, started_at = :now, updated_at = :now ADD attempts :one',
          ConditionExpression: 'attribute_exists(pk) AND #status IN (:queued, :running)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':running': 'running', ':queued': 'queued', ':now': now, ':one': 1 },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes ? toRecord(out.Attributes) : undefined;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return undefined;
      throw error;
    }
  }

  /**
   * Moves a pending job to its final state and frees its pending slot, in one transaction: the
   * slot is released exactly once however often this is called. False when already final.
   */
  async finish(job: Pick<JobRecord, 'space' | 'id' | 'key_hash'>, outcome: JobOutcome, startedAt?: number): Promise<boolean> {
    const values: Record<string, unknown> = { ':final': outcome.status, ':now': outcome.now, ':running': 'running' };
    let condition = 'attribute_exists(pk) AND #status IN (:queued, :running)';
    if (startedAt === undefined) values[':queued'] = 'queued';
    else {
      condition = 'attribute_exists(pk) AND #status = :running AND started_at = :started';
      values[':started'] = startedAt;
    }
    let set = '#status = :final, finished_at = :now, updated_at = :now';
    if (outcome.status === 'completed') {
      set += ', result_chunks = :chunks, result_bytes = :bytes, warnings = :warnings, code = :code';
      Object.assign(values, { ':chunks': outcome.resultChunks, ':bytes': outcome.resultBytes, ':warnings': outcome.warnings, ':code': 0 });
    } else {
      set += ', code = :code, message = :message';
      Object.assign(values, { ':code': outcome.code, ':message': outcome.message });
    }
    try {
      await retryConflicts(() =>
        documentClient().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: this.table,
                  Key: { pk: jobPk(job.space, job.id), sk: META },
                  UpdateExpression: `SET ${set} REMOVE pending_pk, pending_sk`,
                  ConditionExpression: condition,
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: values,
                },
              },
              {
                Update: {
                  TableName: this.table,
                  Key: { pk: pendingPk(job.space, job.key_hash), sk: COUNT },
                  UpdateExpression: 'ADD #count :minus',
                  ExpressionAttributeNames: { '#count': 'count' },
                  ExpressionAttributeValues: { ':minus': -1 },
                },
              },
            ],
          }),
        ),
      );
      return true;
    } catch (error) {
      // The job's own condition failed: it is already final (or gone).
      if (isTransactionCanceled(error) && cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
      throw error;
    }
  }

  /** Notes that the final webhook event of a finished job is queued. */
  async markFinalEventSent(space: string, id: string): Promise<void> {
    await documentClient().send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: jobPk(space, id), sk: META },
        UpdateExpression: 'SET final_event_sent = :t',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':t': true },
      }),
    );
  }

  /** Every queued or running job, of every space: for the operator's requeue only. */
  async listPending(): Promise<PendingJobRef[]> {
    return (await this.pendingJobs()).map(({ space, id, status }) => ({ space, id, status }));
  }

  // The sweeper's reads and writes (shared/optimization/sweep.ts).

  /** Every queued or running job, of every space, from the sparse index (eventually consistent). */
  async pendingJobs(): Promise<JobRecord[]> {
    const items = await queryAll({
      TableName: this.table,
      IndexName: 'byPending',
      KeyConditionExpression: 'pending_pk = :p',
      ExpressionAttributeValues: { ':p': PENDING_INDEX_PK },
    });
    return items.map(toRecord);
  }

  /** Notes that a queued job was queued again (its updated_at); false when it is no longer that queued job. */
  async requeue(job: Pick<JobRecord, 'space' | 'id' | 'updated_at'>, now: number): Promise<boolean> {
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: jobPk(job.space, job.id), sk: META },
          UpdateExpression: 'SET updated_at = :now',
          ConditionExpression: '#status = :queued AND updated_at = :seen',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':now': now, ':queued': 'queued', ':seen': job.updated_at },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }

  /** Sets a key's pending counter to `count` if it still holds `seen`; false when it moved meanwhile. */
  async correctPendingCount(space: string, keyHash: string, seen: number, count: number): Promise<boolean> {
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: pendingPk(space, keyHash), sk: COUNT },
          UpdateExpression: 'SET #count = :count',
          ConditionExpression: seen === 0 ? 'attribute_not_exists(#count) OR #count = :seen' : '#count = :seen',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':count': count, ':seen': seen },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }
}

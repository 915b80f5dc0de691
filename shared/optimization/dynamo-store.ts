import { GetCommand, TransactWriteCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import { UnreadableBlob } from '../platform/blob';
import { deleteChunks, putChunks, readChunks } from '../platform/job-chunks';
import { JOB_RETENTION_SECONDS, type JobRecord } from './model';
import {
  owesFinalEvent,
  type BlobName,
  type ClaimGuard,
  type JobForFinish,
  type JobOutcome,
  type KeyCounter,
  type OptimizationJobStore,
} from './store';
import {
  cancellationCodes,
  documentClient,
  isConditionalCheckFailed,
  isTransactionCanceled,
  queryAll,
  retryTransactionConflicts,
} from '../platform/dynamo';

// Route optimization jobs in DynamoDB (table "optimization-jobs", see infra/tables/optimization.ts).
// Every partition key starts with the caller's space, so no read or write can reach another
// organisation or namespace. All conditional writes of the job lifecycle live here.

const jobPk = (space: string, id: string) => `JOB#${space}#${id}`;
const pendingPk = (space: string, keyHash: string) => `PENDING#${space}#${keyHash}`;
const META = 'META';
const COUNT = 'COUNT';
/**
 * Partitions of the sparse index byPending: jobs carry the first while pending (and while
 * finished with their final webhook event not yet queued), every key's counter the second.
 */
const JOBS_INDEX_PK = 'PENDING';
const COUNTERS_INDEX_PK = 'COUNTER';

/** Conditional update; false when its condition failed. */
async function updateIf(input: UpdateCommandInput): Promise<boolean> {
  try {
    await documentClient().send(new UpdateCommand(input));
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** The counter item lists itself in the index (with whose counter it is) on every write. */
function counterUpdate(
  table: string,
  space: string,
  keyHash: string,
  change: { set?: string; add?: string },
  values: Record<string, unknown>,
) {
  const set = change.set ? `, ${change.set}` : '';
  const add = change.add ? ` ADD ${change.add}` : '';
  return {
    TableName: table,
    Key: { pk: pendingPk(space, keyHash), sk: COUNT },
    UpdateExpression: `SET pending_pk = :cpk, pending_sk = :csk, #space = :space, key_hash = :kh${set}${add}`,
    ExpressionAttributeNames: { '#count': 'count', '#space': 'space' },
    ExpressionAttributeValues: { ':cpk': COUNTERS_INDEX_PK, ':csk': `${space}#${keyHash}`, ':space': space, ':kh': keyHash, ...values },
  };
}

const LEASE_ENDED = '(attribute_not_exists(lease_until) OR lease_until <= :leaseEnd)';

function toRecord(item: Record<string, unknown>): JobRecord {
  const { pk: _pk, sk: _sk, pending_pk: _p, pending_sk: _s, expires_at: _e, ...rest } = item;
  return rest as unknown as JobRecord;
}

export class DynamoOptimizationJobStore implements OptimizationJobStore {
  private get table(): string {
    return config.table('optimization-jobs');
  }

  async pendingCount(space: string, keyHash: string): Promise<number> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: pendingPk(space, keyHash), sk: COUNT }, ConsistentRead: true }),
    );
    return Number(out.Item?.count ?? 0);
  }

  async putBlob(space: string, id: string, name: BlobName, chunks: Uint8Array[], expiresAt: number): Promise<void> {
    await putChunks(this.table, jobPk(space, id), name, chunks, expiresAt);
  }

  async getBlob(space: string, id: string, name: BlobName, count: number): Promise<Uint8Array[]> {
    const chunks = await readChunks(this.table, jobPk(space, id), name, count);
    if (chunks.length !== count) throw new UnreadableBlob(`job ${id}: expected ${count} ${name} chunks, found ${chunks.length}`);
    return chunks;
  }

  async deleteBlob(space: string, id: string, name: BlobName, count: number): Promise<void> {
    await deleteChunks(this.table, jobPk(space, id), name, count);
  }

  /** The job and its slot in one transaction; false (nothing written) when the key has `limit` pending. */
  async create(job: JobRecord, limit: number): Promise<boolean> {
    try {
      await retryTransactionConflicts(() =>
        documentClient().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: this.table,
                  Item: {
                    pk: jobPk(job.space, job.id),
                    sk: META,
                    ...job,
                    pending_pk: JOBS_INDEX_PK,
                    pending_sk: `${String(job.created_at).padStart(12, '0')}#${job.space}#${job.id}`,
                    expires_at: job.created_at + JOB_RETENTION_SECONDS,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Update: {
                  ...counterUpdate(this.table, job.space, job.key_hash, { add: '#count :one' }, { ':one': 1, ':limit': limit }),
                  ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
                },
              },
            ],
          }),
        ),
      );
      return true;
    } catch (error) {
      if (isTransactionCanceled(error) && cancellationCodes(error)[1] === 'ConditionalCheckFailed') return false;
      throw error;
    }
  }

  async get(space: string, id: string): Promise<JobRecord | undefined> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: jobPk(space, id), sk: META }, ConsistentRead: true }),
    );
    return out.Item ? toRecord(out.Item) : undefined;
  }

  async claim(space: string, id: string, now: number, leaseUntil: number): Promise<JobRecord | undefined> {
    try {
      const out = await documentClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: jobPk(space, id), sk: META },
          UpdateExpression: 'SET #status = :running, started_at = :now, updated_at = :now, lease_until = :lease ADD attempts :one',
          ConditionExpression: `attribute_exists(pk) AND (#status = :queued OR (#status = :running AND ${LEASE_ENDED}))`,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':running': 'running',
            ':queued': 'queued',
            ':now': now,
            ':leaseEnd': now,
            ':lease': leaseUntil,
            ':one': 1,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes ? toRecord(out.Attributes) : undefined;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return undefined;
      throw error;
    }
  }

  async renewLease(job: Pick<JobRecord, 'space' | 'id' | 'attempts'>, leaseUntil: number): Promise<boolean> {
    return updateIf({
      TableName: this.table,
      Key: { pk: jobPk(job.space, job.id), sk: META },
      UpdateExpression: 'SET lease_until = :lease',
      ConditionExpression: '#status = :running AND attempts = :attempt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':running': 'running', ':attempt': job.attempts, ':lease': leaseUntil },
    });
  }

  async releaseLease(job: Pick<JobRecord, 'space' | 'id' | 'attempts'>): Promise<void> {
    await updateIf({
      TableName: this.table,
      Key: { pk: jobPk(job.space, job.id), sk: META },
      UpdateExpression: 'REMOVE lease_until',
      ConditionExpression: '#status = :running AND attempts = :attempt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':running': 'running', ':attempt': job.attempts },
    });
  }

  async finish(job: JobForFinish, outcome: JobOutcome, guard: ClaimGuard = {}): Promise<boolean> {
    const values: Record<string, unknown> = { ':final': outcome.status, ':now': outcome.now, ':running': 'running', ':queued': 'queued' };
    let condition = 'attribute_exists(pk) AND #status IN (:queued, :running)';
    if (guard.attempt !== undefined) {
      condition += ' AND attempts = :attempt';
      values[':attempt'] = guard.attempt;
    }
    if (guard.leaseEndedBy !== undefined) {
      condition += ` AND ${LEASE_ENDED}`;
      values[':leaseEnd'] = guard.leaseEndedBy;
    }
    let set = '#status = :final, finished_at = :now, updated_at = :now';
    if (outcome.status === 'completed') {
      set += ', result_chunks = :chunks, result_bytes = :bytes, result_attempt = :attempt_of_result, warnings = :warnings, code = :code';
      Object.assign(values, {
        ':chunks': outcome.resultChunks,
        ':bytes': outcome.resultBytes,
        ':attempt_of_result': outcome.attempt,
        ':warnings': outcome.warnings,
        ':code': 0,
      });
    } else {
      set += ', code = :code, message = :message';
      Object.assign(values, { ':code': outcome.code, ':message': outcome.message });
    }
    // A job that still owes its final webhook event stays listed for the sweeper until it is queued.
    const remove = owesFinalEvent(job, outcome.status) ? 'lease_until' : 'lease_until, pending_pk, pending_sk';
    try {
      await retryTransactionConflicts(() =>
        documentClient().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: this.table,
                  Key: { pk: jobPk(job.space, job.id), sk: META },
                  UpdateExpression: `SET ${set} REMOVE ${remove}`,
                  ConditionExpression: condition,
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: values,
                },
              },
              { Update: counterUpdate(this.table, job.space, job.key_hash, { add: '#count :minus' }, { ':minus': -1 }) },
            ],
          }),
        ),
      );
      return true;
    } catch (error) {
      // The job's own condition failed: it is final already (or gone), or another claim holds it.
      if (isTransactionCanceled(error) && cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
      throw error;
    }
  }

  async markEventSent(space: string, id: string, which: 'created' | 'final'): Promise<void> {
    const final = which === 'final';
    await documentClient().send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: jobPk(space, id), sk: META },
        UpdateExpression: final ? 'SET final_event_sent = :t REMOVE pending_pk, pending_sk' : 'SET created_event_sent = :t',
        ConditionExpression: final ? 'attribute_exists(pk) AND #status IN (:completed, :failed)' : 'attribute_exists(pk)',
        ExpressionAttributeNames: final ? { '#status': 'status' } : undefined,
        ExpressionAttributeValues: final ? { ':t': true, ':completed': 'completed', ':failed': 'failed' } : { ':t': true },
      }),
    );
  }

  // The sweeper's reads and writes (shared/optimization/sweep.ts).

  async jobsToSweep(): Promise<JobRecord[]> {
    return (await this.indexed(JOBS_INDEX_PK)).map(toRecord);
  }

  async pendingCounters(): Promise<KeyCounter[]> {
    return (await this.indexed(COUNTERS_INDEX_PK)).map((item) => ({
      space: String(item.space),
      keyHash: String(item.key_hash),
      count: Number(item.count ?? 0),
    }));
  }

  private indexed(partition: string): Promise<Record<string, unknown>[]> {
    return queryAll({
      TableName: this.table,
      IndexName: 'byPending',
      KeyConditionExpression: 'pending_pk = :p',
      ExpressionAttributeValues: { ':p': partition },
    });
  }

  async requeue(job: Pick<JobRecord, 'space' | 'id' | 'status' | 'updated_at' | 'attempts'>, now: number): Promise<boolean> {
    const Key = { pk: jobPk(job.space, job.id), sk: META };
    const ExpressionAttributeNames = { '#status': 'status' };
    if (job.status === 'queued')
      return updateIf({
        TableName: this.table,
        Key,
        UpdateExpression: 'SET updated_at = :now',
        ConditionExpression: '#status = :queued AND updated_at = :seen',
        ExpressionAttributeNames,
        ExpressionAttributeValues: { ':now': now, ':queued': 'queued', ':seen': job.updated_at },
      });
    return updateIf({
      TableName: this.table,
      Key,
      UpdateExpression: 'SET #status = :queued, updated_at = :now REMOVE lease_until',
      ConditionExpression: `#status = :running AND attempts = :attempt AND ${LEASE_ENDED}`,
      ExpressionAttributeNames,
      ExpressionAttributeValues: { ':now': now, ':leaseEnd': now, ':queued': 'queued', ':running': 'running', ':attempt': job.attempts },
    });
  }

  async correctPendingCount(space: string, keyHash: string, seen: number, count: number): Promise<boolean> {
    return updateIf({
      ...counterUpdate(this.table, space, keyHash, { set: '#count = :count' }, { ':count': count, ':seen': seen }),
      ConditionExpression: seen === 0 ? 'attribute_not_exists(#count) OR #count = :seen' : '#count = :seen',
    });
  }
}

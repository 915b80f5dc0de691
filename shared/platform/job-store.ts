import { GetCommand, PutCommand, ScanCommand, UpdateCommand, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from './config';
import { documentClient, isConditionalCheckFailed } from './dynamo';
import { putChunks, readChunks } from './job-chunks';

// Background jobs whose request and result are larger than an item: the job record beside its
// gzipped request and result chunks in one partition of the feature's table
//   pk "<prefix>#<space>#<id>"  sk "META"             the job
//                               sk "REQ#0000"..       the request chunks
//                               sk "RES#pppp#0000"..  result part p's chunks
// Every partition key starts with the caller's space; every item expires with the job. Used by
// the features whose jobs have this lifecycle: queued -> running -> completed | failed.

export type StoredJobStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface StoredJob {
  id: string;
  space: string;
  status: StoredJobStatus;
  /** Unix seconds. */
  created_at: number;
  updated_at: number;
  /** Deliveries the worker has started. */
  attempts: number;
  request_chunks: number;
  /** Why the job failed. */
  message?: string;
}

/** What a job's worker and handlers need from storage; every method is confined to one space. */
export interface JobStore<J extends StoredJob> {
  /** Stores a new queued job and its request chunks; the job appears only once its request is whole. */
  create(job: J, request: Uint8Array[]): Promise<void>;
  get(space: string, id: string): Promise<J | undefined>;
  request(job: J): Promise<Uint8Array[]>;
  /** queued|running -> running, counting the attempt; undefined when the job is finished (or gone). */
  markRunning(space: string, id: string, now: number): Promise<J | undefined>;
  /** Stores one result part (rewriting it on a retry is harmless: same keys, same content). */
  putPart(job: J, part: number, chunks: Uint8Array[]): Promise<void>;
  /** The chunks of one stored result part, in order. */
  part(job: J, part: number): Promise<Uint8Array[]>;
  /** running -> completed with `fields` set; false when the job was no longer running. */
  complete(job: J, now: number, fields: Partial<J>): Promise<boolean>;
  /** queued|running -> failed; false when already final. */
  fail(space: string, id: string, now: number, message: string): Promise<boolean>;
}

const META = 'META';
const pad = (i: number) => String(i).padStart(4, '0');

export class DynamoJobStore<J extends StoredJob> implements JobStore<J> {
  constructor(
    private readonly tableId: string,
    private readonly prefix: string,
    private readonly retentionSeconds: number,
  ) {}

  private get table(): string {
    return config.table(this.tableId);
  }

  private pk(space: string, id: string): string {
    return `${this.prefix}#${space}#${id}`;
  }

  private toJob(item: Record<string, unknown>): J {
    const { pk: _pk, sk: _sk, expires_at: _e, ...rest } = item;
    return rest as unknown as J;
  }

  private async putChunks(job: J, name: string, chunks: Uint8Array[]): Promise<void> {
    await putChunks(this.table, this.pk(job.space, job.id), name, chunks, job.created_at + this.retentionSeconds);
  }

  private async chunks(job: J, name: string): Promise<Uint8Array[]> {
    return readChunks(this.table, this.pk(job.space, job.id), name);
  }

  async create(job: J, request: Uint8Array[]): Promise<void> {
    await this.putChunks(job, 'REQ', request);
    await documentClient().send(
      new PutCommand({
        TableName: this.table,
        Item: { pk: this.pk(job.space, job.id), sk: META, ...job, expires_at: job.created_at + this.retentionSeconds },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  /**
   * Every queued or running job of the table, read by a full scan: for the local launcher, whose
   * queue emulator starts empty after a restart (a deployed queue keeps its messages).
   */
  async pendingJobs(): Promise<J[]> {
    const input: ScanCommandInput = {
      TableName: this.table,
      FilterExpression: 'sk = :meta AND #status IN (:queued, :running)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':meta': META, ':queued': 'queued', ':running': 'running' },
    };
    const jobs: J[] = [];
    do {
      const page = await documentClient().send(new ScanCommand(input));
      for (const item of page.Items ?? []) jobs.push(this.toJob(item));
      input.ExclusiveStartKey = page.LastEvaluatedKey;
    } while (input.ExclusiveStartKey);
    return jobs;
  }

  async get(space: string, id: string): Promise<J | undefined> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: this.pk(space, id), sk: META }, ConsistentRead: true }),
    );
    return out.Item ? this.toJob(out.Item) : undefined;
  }

  async request(job: J): Promise<Uint8Array[]> {
    const chunks = await this.chunks(job, 'REQ');
    if (chunks.length !== job.request_chunks)
      throw new Error(`job ${job.id}: expected ${job.request_chunks} request chunks, found ${chunks.length}`);
    return chunks;
  }

  async markRunning(space: string, id: string, now: number): Promise<J | undefined> {
    try {
      const out = await documentClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: this.pk(space, id), sk: META },
          UpdateExpression: 'SET #status = :running, updated_at = :now ADD attempts :one',
          ConditionExpression: 'attribute_exists(pk) AND #status IN (:queued, :running)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':running': 'running', ':queued': 'queued', ':now': now, ':one': 1 },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes ? this.toJob(out.Attributes) : undefined;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return undefined;
      throw error;
    }
  }

  async putPart(job: J, part: number, chunks: Uint8Array[]): Promise<void> {
    await this.putChunks(job, `RES#${pad(part)}`, chunks);
  }

  async part(job: J, part: number): Promise<Uint8Array[]> {
    return this.chunks(job, `RES#${pad(part)}`);
  }

  async complete(job: J, now: number, fields: Partial<J>): Promise<boolean> {
    return this.finish(job.space, job.id, { ...fields, status: 'completed', updated_at: now } as Record<string, unknown>, ['running']);
  }

  async fail(space: string, id: string, now: number, message: string): Promise<boolean> {
    return this.finish(space, id, { status: 'failed', updated_at: now, message }, ['queued', 'running']);
  }

  /** Sets the fields (every name aliased: some are reserved words) while the status is one of `from`. */
  private async finish(space: string, id: string, fields: Record<string, unknown>, from: string[]): Promise<boolean> {
    const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
    const names = Object.fromEntries([...entries.map(([k], i) => [`#f${i}`, k]), ['#status', 'status']]);
    const values = Object.fromEntries([...entries.map(([, v], i) => [`:f${i}`, v]), ...from.map((s, i) => [`:from${i}`, s])]);
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: this.pk(space, id), sk: META },
          UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
          ConditionExpression: `attribute_exists(pk) AND #status IN (${from.map((_, i) => `:from${i}`).join(', ')})`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }
}

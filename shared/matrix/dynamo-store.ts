import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import { batchWriteAll, documentClient, isConditionalCheckFailed, queryAll } from '../platform/dynamo';
import { MDM_RETENTION_SECONDS, type MatrixJob } from './model';
import type { MatrixJobStore } from './store';

// Asynchronous matrix jobs in DynamoDB (table "matrix-jobs", infra/tables/matrix.ts):
//   pk "MDM#<space>#<id>"  sk "META"              the job
//                          sk "REQ#0000"..        the request, gzipped JSON in <= 300 KB chunks
//                          sk "RES#0000#0000"..   result part 0, gzipped CSV in <= 300 KB chunks
// Every partition key starts with the caller's space. Items expire with the job.

const jobPk = (space: string, id: string) => `MDM#${space}#${id}`;
const META = 'META';
/** The #aliases an update uses (attribute names that may be DynamoDB reserved words). */
const names = (update: string) =>
  Object.fromEntries(['status', 'parts', 'warnings', 'message'].filter((n) => update.includes(`#${n}`)).map((n) => [`#${n}`, n]));
const pad = (i: number) => String(i).padStart(4, '0');

function toJob(item: Record<string, unknown>): MatrixJob {
  const { pk: _pk, sk: _sk, expires_at: _e, ...rest } = item;
  return rest as unknown as MatrixJob;
}

export class DynamoMatrixJobStore implements MatrixJobStore {
  private get table(): string {
    return config.table('matrix-jobs');
  }

  private async putChunks(job: MatrixJob, prefix: string, chunks: Uint8Array[]): Promise<void> {
    const pk = jobPk(job.space, job.id);
    const expires_at = job.created_at + MDM_RETENTION_SECONDS;
    // At most 25 items of at most 300 KB per call: well under BatchWriteItem's 16 MB.
    await batchWriteAll(
      this.table,
      chunks.map((data, i) => ({ PutRequest: { Item: { pk, sk: `${prefix}#${pad(i)}`, data, expires_at } } })),
      2,
    );
  }

  private async chunks(job: MatrixJob, prefix: string): Promise<Uint8Array[]> {
    const items = await queryAll({
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': jobPk(job.space, job.id), ':prefix': `${prefix}#` },
      ConsistentRead: true,
    });
    return items.map((item) => item.data as Uint8Array);
  }

  async create(job: MatrixJob, request: Uint8Array[]): Promise<void> {
    await this.putChunks(job, 'REQ', request);
    await documentClient().send(
      new PutCommand({
        TableName: this.table,
        Item: { pk: jobPk(job.space, job.id), sk: META, ...job, expires_at: job.created_at + MDM_RETENTION_SECONDS },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(space: string, id: string): Promise<MatrixJob | undefined> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: jobPk(space, id), sk: META }, ConsistentRead: true }),
    );
    return out.Item ? toJob(out.Item) : undefined;
  }

  async request(job: MatrixJob): Promise<Uint8Array[]> {
    const chunks = await this.chunks(job, 'REQ');
    if (chunks.length !== job.request_chunks)
      throw new Error(`matrix job ${job.id}: expected ${job.request_chunks} request chunks, found ${chunks.length}`);
    return chunks;
  }

  async markRunning(space: string, id: string, now: number): Promise<MatrixJob | undefined> {
    try {
      const out = await documentClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: jobPk(space, id), sk: META },
          UpdateExpression: 'SET #status = :running, updated_at = :now ADD attempts :one',
          ConditionExpression: 'attribute_exists(pk) AND #status IN (:queued, :running)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':running': 'running', ':queued': 'queued', ':now': now, ':one': 1 },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes ? toJob(out.Attributes) : undefined;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return undefined;
      throw error;
    }
  }

  async putPart(job: MatrixJob, part: number, chunks: Uint8Array[]): Promise<void> {
    await this.putChunks(job, `RES#${pad(part)}`, chunks);
  }

  async part(job: MatrixJob, part: number): Promise<Uint8Array[]> {
    return this.chunks(job, `RES#${pad(part)}`);
  }

  async complete(job: MatrixJob, now: number, parts: number, rowsPerPart: number, warnings: string[]): Promise<boolean> {
    return this.finish(
      job.space,
      job.id,
      'SET #status = :completed, updated_at = :now, #parts = :parts, rows_per_part = :rows, #warnings = :warnings',
      '#status = :running',
      { ':completed': 'completed', ':running': 'running', ':now': now, ':parts': parts, ':rows': rowsPerPart, ':warnings': warnings },
    );
  }

  async fail(space: string, id: string, now: number, message: string): Promise<boolean> {
    return this.finish(space, id, 'SET #status = :failed, updated_at = :now, #message = :message', '#status IN (:queued, :running)', {
      ':failed': 'failed',
      ':queued': 'queued',
      ':running': 'running',
      ':now': now,
      ':message': message,
    });
  }

  private async finish(space: string, id: string, update: string, condition: string, values: Record<string, unknown>): Promise<boolean> {
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: jobPk(space, id), sk: META },
          UpdateExpression: update,
          ConditionExpression: `attribute_exists(pk) AND ${condition}`,
          ExpressionAttributeNames: names(update),
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

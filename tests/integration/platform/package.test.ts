import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueName, queues, tableName, tables } from '../../../infra/declarations';

// `serverless package` must work offline and produce a complete stack.

const root = resolve(import.meta.dirname, '../../..');

describe('serverless package', () => {
  let dir: string;
  let template: { Resources: Record<string, { Type: string; Properties: Record<string, any> }> };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'waymark-package-'));
    const env = { ...process.env };
    for (const name of Object.keys(env))
      if (name.startsWith('WAYMARK_') || name.startsWith('TABLE_') || name.startsWith('QUEUE_')) delete env[name];
    await promisify(execFile)(
      process.execPath,
      ['node_modules/serverless/bin/serverless.js', 'package', '--stage', 'ci', '--package', dir],
      {
        cwd: root,
        env,
        maxBuffer: 32 * 1024 * 1024,
      },
    );
    template = JSON.parse(readFileSync(join(dir, 'cloudformation-template-update-stack.json'), 'utf8'));
  }, 240_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const ofType = (type: string) => Object.values(template.Resources).filter((r) => r.Type === type);

  it('declares every table of infra/declarations.ts, with TTL where declared', () => {
    const declared = ofType('AWS::DynamoDB::Table').map((t) => t.Properties);
    expect(declared.map((t) => t.TableName).sort()).toEqual(tables.map((t) => tableName('ci', t.id)).sort());
    for (const table of tables.filter((t) => t.ttlAttribute)) {
      const cf = declared.find((t) => t.TableName === tableName('ci', table.id))!;
      expect(cf.TimeToLiveSpecification).toEqual({ AttributeName: table.ttlAttribute, Enabled: true });
    }
  });

  it('declares every queue of infra/declarations.ts', () => {
    const names = ofType('AWS::SQS::Queue').map((q) => q.Properties.QueueName);
    expect(names.sort()).toEqual(queues.map((q) => queueName('ci', q.id)).sort());
  });

  it('has a function for every entry in serverless.yml and a least-privilege role', () => {
    const functions = ofType('AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThanOrEqual(13);
    for (const fn of functions) expect(fn.Properties.Environment.Variables.TABLE_KEYS).toBe(tableName('ci', 'keys'));
    const role = ofType('AWS::IAM::Role')[0];
    const statements = role.Properties.Policies.flatMap((p: any) => p.PolicyDocument.Statement);
    const dynamo = statements.find((s: any) => s.Action.some((a: string) => a.startsWith('dynamodb:')));
    expect(dynamo.Action).not.toContain('dynamodb:*');
    expect(dynamo.Action).not.toContain('dynamodb:Scan');
    // Only the declared tables and their indexes, never every table of the account.
    expect(dynamo.Resource).not.toContain('*');
    expect(dynamo.Resource).toHaveLength(tables.reduce((n, t) => n + 1 + (t.indexes?.length ?? 0), 0));
  });
});

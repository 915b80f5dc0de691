import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deadLetterQueues,
  queueName,
  queues,
  tableName,
  tables,
  VISIBILITY_TIMEOUTS_PER_CONSUMER_TIMEOUT,
} from '../../../infra/declarations';
import { functionLogicalId, tableLogicalId } from '../../../infra/logical-ids';
import { LAMBDA_DIRECT_UPLOAD_LIMIT_BYTES, LAMBDA_UNZIPPED_LIMIT_BYTES, packageSizes, type ZipSize } from '../../../infra/package/zip-size';

// The deploy check: `serverless package` offline, once, then what AWS would refuse or an
// operator would miss, read off the generated template and zips. cfn-lint runs on the
// template where it is installed (it comes from PyPI, which this project's machines do not
// reach; some have it preinstalled).

const root = resolve(import.meta.dirname, '../../..');
const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:waymark-ops';
/** Lambda's Node.js runtimes that are neither deprecated nor about to be. */
const SUPPORTED_RUNTIMES = ['nodejs22.x', 'nodejs24.x'];
/** Functions that read road networks; every other package must be without them. */
const ROUTING_FUNCTIONS = [
  'geofenceCreate',
  'geofenceBatchCreate',
  'geofenceUpdate',
  'geofenceConsolePreview',
  'optimizationSubmit',
  'optimizationReOptimize',
  'optimizationWorker',
  'trackingUploadTrack',
  'trackingListLocations',
  'tripsSummary',
  'geocodeFreeText',
  'geocodeStructured',
  'geocodeReverse',
  'geocodeAutocomplete',
  'geocodeAutosuggest',
  'geocodeLookup',
  'monitorsCreate',
  'monitorsUpdate',
  'consoleNetwork',
  'dispatchRoutesCreate',
  'dispatchRoutesRedispatch',
  'dispatchStepsInsert',
  'dispatchStepsUpdate',
  'dispatchStepsDelete',
  'dispatchRoutesPosition',
  'routingDirections',
  'routingDistanceMatrix',
  'routingDistanceMatrixPost',
  'routingIsochrone',
  'routingSnapToRoads',
  'routingSnapToRoadsPost',
  'routingAreas',
  'routingOptimizationV1',
  'routingDriverAssignment',
  'matrixWorker',
  'batchWorker',
  'restrictionsCreate',
  'restrictionsUpdate',
  'routingDirectionsGet',
  'routingMapSegments',
  'routingNavigation',
  'routingRouteReport',
  'geocodeBrowse',
  'geocodeDiscover',
  'geocodePostalcode',
  'trackingOsmand',
];
const GAZETTEER = 'shared/geocoding/data/gazetteer.tsv.gz';

function cfnLint(): boolean {
  const probe = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0) return true;
  console.warn('cfn-lint is not installed (pip install cfn-lint needs PyPI): the template is not linted');
  return false;
}

/** serverless-esbuild's scratch folders: `<zip name>-<pid>-<ms>-<hex>`. */
const zipScratch = () => readdirSync(tmpdir()).filter((name) => /-\d+-\d{13}-[0-9a-f]{8}$/.test(name));

type Resource = { Type: string; Properties: Record<string, any> };

describe('serverless package (the deploy check)', () => {
  let dir: string;
  let networks: string;
  let templatePath: string;
  let template: { Resources: Record<string, Resource> };
  let zips: Map<string, ZipSize & { file: string }>;
  let scratchLeft: string[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'waymark-package-'));
    // A road network folder inside the project, as a deployer would name one.
    networks = join(root, '.data', `package-test-${process.pid}`);
    mkdirSync(networks, { recursive: true });
    writeFileSync(join(networks, 'region.wmrg'), 'not a real network: only its place in the zips is checked');
    const env = { ...process.env };
    for (const name of Object.keys(env))
      if (name.startsWith('WAYMARK_') || name.startsWith('TABLE_') || name.startsWith('QUEUE_')) delete env[name];
    env.WAYMARK_NETWORK_DIR = relative(root, networks);
    const scratchBefore = new Set(zipScratch());
    await promisify(execFile)(
      process.execPath,
      ['node_modules/serverless/bin/serverless.js', 'package', '--stage', 'ci', '--package', dir, '--param', `alarmTopicArn=${TOPIC}`],
      { cwd: root, env, maxBuffer: 32 * 1024 * 1024 },
    );
    templatePath = join(dir, 'cloudformation-template-update-stack.json');
    template = JSON.parse(readFileSync(templatePath, 'utf8'));
    zips = new Map(packageSizes(dir).map((z) => [z.file, z]));
    scratchLeft = zipScratch().filter((name) => !scratchBefore.has(name));
  }, 420_000);

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(networks, { recursive: true, force: true });
  });

  const ofType = (type: string) => Object.entries(template.Resources).filter(([, r]) => r.Type === type);
  const functions = () => ofType('AWS::Lambda::Function');
  const zipOf = (fn: Resource) => zips.get(basename(fn.Properties.Code.S3Key))!;
  const getAttId = (value: any) => (value['Fn::GetAtt'] as string[])[0];

  it('leaves none of its zip scratch folders in the temporary folder (serverless-esbuild left one per function)', () => {
    expect(functions().length).toBeGreaterThan(0);
    expect(scratchLeft).toEqual([]);
  });

  it('traces every function with X-Ray (the code carries the trace on: docs/operations/tracing.md)', () => {
    const functions = ofType('AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(0);
    for (const [id, f] of functions) expect(f.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
  });

  it('runs every function on a supported runtime, from its own zip', () => {
    expect(functions().length).toBeGreaterThanOrEqual(50);
    const keys = new Set<string>();
    for (const [id, fn] of functions()) {
      expect(SUPPORTED_RUNTIMES, id).toContain(fn.Properties.Runtime);
      expect(zipOf(fn), id).toBeDefined();
      keys.add(fn.Properties.Code.S3Key);
      expect(fn.Properties.Environment.Variables.TABLE_KEYS).toBe(tableName('ci', 'keys'));
    }
    expect(keys.size).toBe(functions().length);
  });

  it("keeps every zip well under Lambda's limits, without source maps, and data files only where read", () => {
    const largest = [...zips.values()].sort((a, b) => b.unzippedBytes - a.unzippedBytes)[0];
    console.log(
      `largest package: ${largest.file}, ${(largest.zipBytes / 1e6).toFixed(1)} MB zipped, ${(largest.unzippedBytes / 1e6).toFixed(1)} MB unzipped`,
    );
    for (const z of zips.values()) {
      expect(z.unzippedBytes, z.file).toBeLessThan(LAMBDA_UNZIPPED_LIMIT_BYTES / 10);
      expect(z.zipBytes, z.file).toBeLessThan(LAMBDA_DIRECT_UPLOAD_LIMIT_BYTES / 5);
      expect(
        z.entries.filter((e) => e.name.endsWith('.map')),
        z.file,
      ).toEqual([]);
    }
    const holding = (path: string) => [...zips.values()].filter((z) => z.entries.some((e) => e.name === path)).map((z) => z.file);
    expect(holding(GAZETTEER).sort()).toEqual(
      [
        'geocodeAutocomplete.zip',
        'geocodeAutosuggest.zip',
        'geocodeBatch.zip',
        'geocodeBrowse.zip',
        'geocodeDiscover.zip',
        'geocodePostalcode.zip',
        'routingRouteReport.zip',
        'geocodeFreeText.zip',
        'geocodeLookup.zip',
        'geocodeReverse.zip',
        'geocodeStructured.zip',
        'multigeocodeSearch.zip',
      ].sort(),
    );
    // The zip reader agrees with the file it was given.
    expect(zips.get('geocodeBatch.zip')!.entries.find((e) => e.name === GAZETTEER)!.bytes).toBe(statSync(join(root, GAZETTEER)).size);
    expect(holding('build/console/index.html').sort()).toEqual(['consolePage.zip', 'driverPage.zip']);
    expect(holding('build/openapi.json')).toEqual(['openapi.zip']);
    expect(holding(`${relative(root, networks)}/region.wmrg`).sort()).toEqual(ROUTING_FUNCTIONS.map((f) => `${f}.zip`).sort());
    for (const [id, fn] of functions()) {
      const network = fn.Properties.Environment.Variables.WAYMARK_NETWORK_DIR;
      expect(network, id).toBe(relative(root, networks));
    }
    // What a routing function ships besides the region stays the same whatever the region, and
    // with the region fetched from S3 instead (docs/operations/road-networks-on-aws.md) that is all it ships.
    const networkFiles = `${relative(root, networks)}/`;
    for (const f of ROUTING_FUNCTIONS) {
      const z = zips.get(`${f}.zip`)!;
      const region = z.entries.filter((e) => e.name.startsWith(networkFiles)).reduce((sum, e) => sum + e.bytes, 0);
      expect(z.unzippedBytes - region, f).toBeLessThan(10_000_000);
    }
  });

  it('declares every table of infra/declarations.ts with point-in-time recovery, and TTL where declared', () => {
    const declared = ofType('AWS::DynamoDB::Table').map(([, t]) => t.Properties);
    expect(declared.map((t) => t.TableName).sort()).toEqual(tables.map((t) => tableName('ci', t.id)).sort());
    for (const t of declared) expect(t.PointInTimeRecoverySpecification, t.TableName).toEqual({ PointInTimeRecoveryEnabled: true });
    for (const table of tables.filter((t) => t.ttlAttribute)) {
      const cf = declared.find((t) => t.TableName === tableName('ci', table.id))!;
      expect(cf.TimeToLiveSpecification).toEqual({ AttributeName: table.ttlAttribute, Enabled: true });
    }
    // One log group, kept 30 days, that every function writes into.
    const groups = ofType('AWS::Logs::LogGroup');
    expect(groups.map(([, g]) => g.Properties)).toEqual([{ LogGroupName: '/aws/lambda/waymark-ci', RetentionInDays: 30 }]);
    for (const [id, fn] of functions()) expect(fn.Properties.LoggingConfig?.LogGroup, id).toEqual({ Ref: groups[0][0] });
  });

  it('gives every queue event source a visibility of six timeouts, 5+ deliveries, a dead-letter queue and partial batch responses', () => {
    const sqsQueues = new Map(ofType('AWS::SQS::Queue'));
    expect([...sqsQueues.values()].map((q) => q.Properties.QueueName).sort()).toEqual(queues.map((q) => queueName('ci', q.id)).sort());
    const mappings = ofType('AWS::Lambda::EventSourceMapping').map(([, m]) => m.Properties);
    expect(mappings.length).toBe(queues.filter((q) => q.consumer).length);
    for (const m of mappings) {
      const queue = sqsQueues.get(getAttId(m.EventSourceArn))!;
      const fnId = getAttId(m.FunctionName);
      const timeout = template.Resources[fnId].Properties.Timeout;
      expect(queue.Properties.VisibilityTimeout, fnId).toBeGreaterThanOrEqual(VISIBILITY_TIMEOUTS_PER_CONSUMER_TIMEOUT * timeout);
      expect(queue.Properties.RedrivePolicy.maxReceiveCount, fnId).toBeGreaterThanOrEqual(5);
      expect(sqsQueues.has(getAttId(queue.Properties.RedrivePolicy.deadLetterTargetArn)), fnId).toBe(true);
      expect(m.FunctionResponseTypes, fnId).toEqual(['ReportBatchItemFailures']);
      // The declaration's copy of the consumer's timeout is the deployed one.
      const declared = queues.find((q) => queueName('ci', q.id) === queue.Properties.QueueName)!;
      expect(functionLogicalId(declared.consumer!.function)).toBe(fnId);
      expect(declared.consumer!.timeout).toBe(timeout);
    }
  });

  it('alarms on every dead-letter queue and every background function, notifying the given topic', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    for (const a of alarms) expect(a.AlarmActions).toEqual([TOPIC]);
    const depth = alarms.filter((a) => a.MetricName === 'ApproximateNumberOfMessagesVisible');
    // a single message on a dead-letter queue, a single error of a background function, alarms
    for (const a of depth) expect(a).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    const watched = depth.map((a) => template.Resources[getAttId(a.Dimensions[0].Value)].Properties.QueueName);
    expect(watched.sort()).toEqual(
      deadLetterQueues(queues)
        .map((q) => queueName('ci', q.id))
        .sort(),
    );

    const errors = alarms.filter((a) => a.Namespace === 'AWS/Lambda' && a.MetricName === 'Errors').map((a) => a.Dimensions[0].Value.Ref);
    const consumers = ofType('AWS::Lambda::EventSourceMapping').map(([, m]) => getAttId(m.Properties.FunctionName));
    const scheduled = ofType('AWS::Events::Rule').flatMap(([, r]) => r.Properties.Targets.map((t: any) => getAttId(t.Arn)));
    expect(scheduled.sort()).toEqual([functionLogicalId('optimizationSweep'), functionLogicalId('trackingSweep')].sort());
    expect(errors).toContain(functionLogicalId('trackingPurge'));
    expect(errors.sort()).toEqual([...consumers, ...scheduled].sort());
    expect(errors).toContain(functionLogicalId('optimizationWorker'));
  });

  it('grants the functions only the declared tables, indexes and queues, never a wildcard', () => {
    const [[, role]] = ofType('AWS::IAM::Role');
    const statements: any[] = role.Properties.Policies.flatMap((p: any) => p.PolicyDocument.Statement);
    // X-Ray's two write actions take no resource but '*' (provider.tracing adds them).
    const xray = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'];
    for (const s of statements) {
      for (const action of s.Action) expect(action).not.toMatch(/\*/);
      if (s.Action.every((a: string) => xray.includes(a))) continue;
      for (const resource of s.Resource) expect(resource).not.toBe('*');
    }
    const dynamo = statements.filter((s) => s.Action.some((a: string) => a.startsWith('dynamodb:')));
    expect(dynamo.flatMap((s) => s.Action)).not.toContain('dynamodb:Scan');
    const expected = tables.flatMap((t) => {
      expect(template.Resources[tableLogicalId(t.id)].Properties.TableName).toBe(tableName('ci', t.id));
      const arn = { 'Fn::GetAtt': [tableLogicalId(t.id), 'Arn'] };
      return [arn, ...(t.indexes ?? []).map((i) => ({ 'Fn::Join': ['/', [arn, 'index', i.name]] }))];
    });
    expect(dynamo.flatMap((s) => s.Resource)).toEqual(expected);
    const queueResources = statements.filter((s) => s.Action.some((a: string) => a.startsWith('sqs:'))).flatMap((s) => s.Resource);
    const queueIds = new Set(ofType('AWS::SQS::Queue').map(([id]) => id));
    for (const r of queueResources) expect(queueIds.has(getAttId(r))).toBe(true);
    expect(JSON.stringify([...dynamo, ...queueResources])).not.toContain('*');
  });

  // CloudFormation refuses a stack of more than 500 resources; checked here too because cfn-lint
  // (which also says so) is not installed everywhere.
  it('lets API Gateway invoke the HTTP functions through one role, not a permission each', () => {
    expect(ofType('AWS::Lambda::Permission').filter(([, p]) => p.Properties.Principal === 'apigateway.amazonaws.com')).toEqual([]);
    const integrations = ofType('AWS::ApiGatewayV2::Integration');
    expect(integrations.length).toBeGreaterThan(50);
    for (const [id, i] of integrations) expect(i.Properties.CredentialsArn, id).toEqual({ 'Fn::GetAtt': ['HttpApiInvokeRole', 'Arn'] });
    const role = template.Resources.HttpApiInvokeRole.Properties;
    expect(role.AssumeRolePolicyDocument.Statement[0].Principal).toEqual({ Service: 'apigateway.amazonaws.com' });
    expect(role.Policies[0].PolicyDocument.Statement).toEqual([
      {
        Effect: 'Allow',
        Action: 'lambda:InvokeFunction',
        Resource: { 'Fn::Sub': 'arn:${AWS::Partition}:lambda:${AWS::Region}:${AWS::AccountId}:function:waymark-ci-*' },
      },
    ]);
    // every function the role covers carries the prefix it names
    for (const [id, fn] of functions()) expect(fn.Properties.FunctionName, id).toMatch(/^waymark-ci-/);
  });

  it("fits CloudFormation's 500 resources per stack", () => {
    console.log(`${Object.keys(template.Resources).length} resources`);
    expect(Object.keys(template.Resources).length).toBeLessThanOrEqual(500);
  });

  it.skipIf(!cfnLint())('passes cfn-lint without an error', () => {
    const run = spawnSync('cfn-lint', ['--format', 'json', templatePath], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
    expect(run.stdout.trim(), run.stderr).toMatch(/^\[/);
    const findings: { Level: string; Rule: { Id: string }; Message: string }[] = JSON.parse(run.stdout);
    const errors = findings.filter((f) => f.Level === 'Error').map((f) => `${f.Rule.Id} ${f.Message}`);
    expect(errors).toEqual([]);
  });
});

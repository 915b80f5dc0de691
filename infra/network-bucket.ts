import { networkDir } from './package/road-networks';

// Where a deployed stage's road networks come from. Packaged with WAYMARK_NETWORK_DIR set, they
// ship inside each routing function's zip (fine for a city). Otherwise the functions fetch them
// at cold start from an S3 bucket (shared/routing/published-networks.ts) that
// `npm run network -- publish` fills: the stage's own bucket, declared here, or the one named by
// WAYMARK_NETWORK_BUCKET when the stack is deployed.

type Json = Record<string, unknown>;

export const NETWORKS_BUCKET_ID = 'NetworksBucket';
export const NETWORKS_BUCKET_OUTPUT = 'NetworksBucketName';

/** True when the functions fetch networks from S3: deployed, and none packaged. */
function fromBucket(shell: NodeJS.ProcessEnv): boolean {
  return !shell.WAYMARK_SQS_ENDPOINT && !networkDir(shell);
}

function bucketName(shell: NodeJS.ProcessEnv): Json | string {
  return shell.WAYMARK_NETWORK_BUCKET || { Ref: NETWORKS_BUCKET_ID };
}

/** The stage's bucket (private, encrypted), unless the deploy names a bucket of its own. */
export function networkBucketResources(shell: NodeJS.ProcessEnv = process.env): { Resources: Json; Outputs: Json } {
  if (!fromBucket(shell) || shell.WAYMARK_NETWORK_BUCKET) return { Resources: {}, Outputs: {} };
  return {
    Resources: {
      [NETWORKS_BUCKET_ID]: {
        Type: 'AWS::S3::Bucket',
        Properties: {
          BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
          PublicAccessBlockConfiguration: {
            BlockPublicAcls: true,
            BlockPublicPolicy: true,
            IgnorePublicAcls: true,
            RestrictPublicBuckets: true,
          },
          OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
        },
      },
    },
    Outputs: { [NETWORKS_BUCKET_OUTPUT]: { Value: { Ref: NETWORKS_BUCKET_ID } } },
  };
}

export function networkBucketEnvironment(shell: NodeJS.ProcessEnv = process.env): Json {
  if (!fromBucket(shell)) return {};
  const env: Json = { WAYMARK_NETWORK_BUCKET: bucketName(shell) };
  for (const name of ['WAYMARK_NETWORK_PREFIX', 'WAYMARK_NETWORK_REGIONS']) if (shell[name]) env[name] = shell[name];
  return env;
}

/** Read-only: the functions fetch objects; only the publish step (an operator's credentials) writes. */
export function networkBucketStatements(shell: NodeJS.ProcessEnv = process.env): Json[] {
  if (!fromBucket(shell)) return [];
  const name = bucketName(shell);
  const objects = typeof name === 'string' ? `arn:aws:s3:::${name}/*` : { 'Fn::Join': ['', ['arn:aws:s3:::', name, '/*']] };
  return [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: [objects] }];
}

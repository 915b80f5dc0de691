import { describe, expect, it } from 'vitest';
import {
  NETWORKS_BUCKET_ID,
  networkBucketEnvironment,
  networkBucketResources,
  networkBucketStatements,
} from '../../../infra/network-bucket';

describe("a deployed stage's road networks", () => {
  it('come from a private, encrypted bucket of the stage when none are packaged, read-only to the functions', () => {
    const shell = {};
    const { Resources, Outputs } = networkBucketResources(shell);
    const bucket = Resources[NETWORKS_BUCKET_ID] as { Type: string; Properties: Record<string, any> };
    expect(bucket.Type).toBe('AWS::S3::Bucket');
    expect(Object.values(bucket.Properties.PublicAccessBlockConfiguration)).toEqual([true, true, true, true]);
    expect(Outputs.NetworksBucketName).toEqual({ Value: { Ref: NETWORKS_BUCKET_ID } });
    expect(networkBucketEnvironment(shell)).toEqual({ WAYMARK_NETWORK_BUCKET: { Ref: NETWORKS_BUCKET_ID } });
    expect(networkBucketStatements(shell)).toEqual([
      { Effect: 'Allow', Action: ['s3:GetObject'], Resource: [{ 'Fn::Join': ['', ['arn:aws:s3:::', { Ref: NETWORKS_BUCKET_ID }, '/*']] }] },
    ]);
  });

  it("use a bucket of the deployer's when named, with the prefix and regions given", () => {
    const shell = { WAYMARK_NETWORK_BUCKET: 'fleet-maps', WAYMARK_NETWORK_PREFIX: 'eu/', WAYMARK_NETWORK_REGIONS: 'sweden,norway' };
    expect(networkBucketResources(shell).Resources).toEqual({});
    expect(networkBucketEnvironment(shell)).toEqual({
      WAYMARK_NETWORK_BUCKET: 'fleet-maps',
      WAYMARK_NETWORK_PREFIX: 'eu/',
      WAYMARK_NETWORK_REGIONS: 'sweden,norway',
    });
    expect(networkBucketStatements(shell)[0].Resource).toEqual(['arn:aws:s3:::fleet-maps/*']);
  });

  it('are not fetched when packaged into the zips, nor on the local stack', () => {
    for (const shell of [{ WAYMARK_NETWORK_DIR: '.data/networks' }, { WAYMARK_SQS_ENDPOINT: 'http://127.0.0.1:9324' }]) {
      expect(networkBucketResources(shell).Resources).toEqual({});
      expect(networkBucketEnvironment(shell)).toEqual({});
      expect(networkBucketStatements(shell)).toEqual([]);
    }
  });
});

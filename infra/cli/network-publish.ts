import { networksS3Client, publishNetworks } from '../../shared/routing/published-networks';

export interface PublishArgs {
  bucket: string;
  prefix: string;
  dir: string;
  /** An S3 endpoint other than AWS's (an emulator); path-style addressing. */
  endpoint?: string;
}

/** `npm run network -- publish`: a network folder to the stage's bucket, the manifest last. */
export async function runPublish(args: PublishArgs, out: (line: string) => void): Promise<void> {
  const s3 = networksS3Client(args.endpoint);
  const started = Date.now();
  let bytes = 0;
  const manifest = await publishNetworks(s3, { bucket: args.bucket, prefix: args.prefix }, args.dir, (file) => {
    bytes += file.bytes;
    out(`uploaded ${file.name} (${(file.bytes / 1e6).toFixed(2)} MB)`);
  });
  const regions = new Set(manifest.files.map((f) => f.region));
  out(
    `published ${manifest.files.length} files of ${regions.size} region(s), ${(bytes / 1e6).toFixed(1)} MB, to ` +
      `s3://${args.bucket}/${args.prefix} in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      'routing functions fetch them at their next cold start',
  );
}

import { LAMBDA_DIRECT_UPLOAD_LIMIT_BYTES, LAMBDA_UNZIPPED_LIMIT_BYTES, packageSizes } from './zip-size';

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Each function's zip in `dir`, its size and what it unzips to, largest first, against Lambda's limits; false when one is over. */
export function reportPackages(dir: string, write: (line: string) => void): boolean {
  const sizes = packageSizes(dir);
  if (sizes.length === 0) throw new Error(`no zip in ${dir}`);
  const width = Math.max(...sizes.map((s) => s.file.length));
  write(`${'package'.padEnd(width)}  zip (MB)  unzipped (MB)`);
  for (const s of sizes) write(`${s.file.padEnd(width)}  ${mb(s.zipBytes).padStart(8)}  ${mb(s.unzippedBytes).padStart(13)}`);
  const largest = sizes[0];
  write(
    `${sizes.length} packages; the largest, ${largest.file}, unzips to ${mb(largest.unzippedBytes)} MB ` +
      `(Lambda's limits: ${mb(LAMBDA_UNZIPPED_LIMIT_BYTES)} MB unzipped, ${mb(LAMBDA_DIRECT_UPLOAD_LIMIT_BYTES)} MB zipped for a direct upload)`,
  );
  const over = sizes.filter((s) => s.unzippedBytes > LAMBDA_UNZIPPED_LIMIT_BYTES || s.zipBytes > LAMBDA_DIRECT_UPLOAD_LIMIT_BYTES);
  if (over.length) write(`over Lambda's limits: ${over.map((s) => s.file).join(', ')}`);
  return over.length === 0;
}

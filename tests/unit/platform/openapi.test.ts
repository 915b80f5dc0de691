import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDocument } from '../../../infra/openapi/document';
import { routes } from '../../../infra/openapi/routes';
import { DOCUMENT_PATH, serialize } from '../../../infra/openapi/write';

describe('OpenAPI document', () => {
  let generated: any;
  beforeAll(async () => {
    generated = await buildDocument();
  }, 60_000);

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(generated);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every route of serverless.yml, and only those', () => {
    const documented = Object.entries(generated.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const declared = routes()
      .filter((r) => !r.path.includes('{proxy+}') && r.documented)
      .map((r) => `${r.method} ${r.path}`);
    expect(documented.sort()).toEqual([...new Set(declared)].sort());
  });

  it('leaves out the functions marked `documented: false`', () => {
    const hidden = routes().filter((r) => !r.documented);
    expect(hidden.map((r) => r.path)).toContain('/docs');
    for (const r of hidden) expect(generated.paths[r.path]?.[r.method.toLowerCase()]).toBeUndefined();
  });

  it('is what `npm run openapi` last wrote (run it after changing a schema or route)', () => {
    expect(readFileSync(DOCUMENT_PATH, 'utf8')).toBe(serialize(generated));
  });
});

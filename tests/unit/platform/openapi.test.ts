import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDocument } from '../../../infra/openapi/document';
import { routes } from '../../../infra/openapi/routes';
import { DOCUMENT_PATH, serialize, writeDocument } from '../../../infra/openapi/write';

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

  it('is what `npm run openapi` writes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'waymark-openapi-'));
    try {
      await writeDocument(join(dir, 'nested', 'openapi.json'));
      expect(JSON.parse(readFileSync(join(dir, 'nested', 'openapi.json'), 'utf8'))).toEqual(generated);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  // The contract tests and GET /openapi.json read build/; `prepare` and `npm start` write it.
  it('is what build/ holds (run `npm run openapi` after changing a schema or route)', () => {
    expect(readFileSync(DOCUMENT_PATH, 'utf8')).toBe(serialize(generated));
  });
});

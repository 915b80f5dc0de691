import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

// Contract checks read the generated OpenAPI document (build/openapi.json, written by
// `npm run openapi` at prepare), not the zod schemas, so a test fails when what clients
// are told and what the handlers send drift apart (and the openapi unit test fails when
// the file is stale).

const DOCUMENT = resolve(import.meta.dirname, '../../../build/openapi.json');
const DOC_ID = 'waymark-openapi';

type Doc = { paths: Record<string, Record<string, any>> };

export interface Contract {
  /** Problems of a 200 body of METHOD path; empty when it fits. */
  response(method: string, path: string, body: unknown): string[];
  /** Problems of a request body of METHOD path; empty when it fits. */
  request(method: string, path: string, body: unknown): string[];
  /** Whether METHOD path documents a request body at all. */
  hasRequestBody(method: string, path: string): boolean;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

const describe = (errors: ErrorObject[] | null | undefined): string[] =>
  (errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''}${e.params ? ' ' + JSON.stringify(e.params) : ''}`);

export function loadContract(document: Doc = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as Doc): Contract {
  // strict: false because the whole OpenAPI document is registered as one
  // schema so that its #/components refs resolve; only its schema parts are compiled.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, DOC_ID);
  const compiled = new Map<string, ValidateFunction>();

  const validator = (method: string, path: string, where: string[]): ValidateFunction => {
    const op = document.paths[path]?.[method.toLowerCase()];
    if (!op) throw new Error(`the OpenAPI document has no ${method} ${path}`);
    let node: any = op;
    for (const part of where) node = node?.[part];
    if (!node) throw new Error(`the OpenAPI document has no ${where.join('.')} for ${method} ${path}`);
    const ref = `${DOC_ID}#/${pointer('paths', path, method.toLowerCase(), ...where)}`;
    let fn = compiled.get(ref);
    if (!fn) compiled.set(ref, (fn = ajv.compile({ $ref: ref })));
    return fn;
  };

  const check = (fn: ValidateFunction, body: unknown) => (fn(body) ? [] : describe(fn.errors));
  const json = ['content', 'application/json', 'schema'];
  return {
    response: (method, path, body) => check(validator(method, path, ['responses', '200', ...json]), body),
    request: (method, path, body) => check(validator(method, path, ['requestBody', ...json]), body),
    hasRequestBody: (method, path) => document.paths[path]?.[method.toLowerCase()]?.requestBody !== undefined,
  };
}

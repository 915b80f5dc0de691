import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

// Every HTTP operation registered in functions/*/functions.yml, with its handler loaded, so a new
// endpoint is fuzzed (and must be given a seed request) without anyone listing it here.

export interface Operation {
  /** "<METHOD> <path>" of its first route. */
  route: string;
  method: string;
  path: string;
  handler: (event: never, context: never) => Promise<unknown>;
}

interface FunctionSpec {
  handler: string;
  events?: Array<{ httpApi?: { method: string; path: string } }>;
}

const root = path.resolve(__dirname, '../../..');

export async function httpOperations(): Promise<Operation[]> {
  const out: Operation[] = [];
  for (const dir of readdirSync(path.join(root, 'functions')).sort()) {
    let text: string;
    try {
      text = readFileSync(path.join(root, 'functions', dir, 'functions.yml'), 'utf8');
    } catch {
      continue;
    }
    const specs = parse(text) as Record<string, FunctionSpec>;
    for (const spec of Object.values(specs)) {
      const http = spec.events?.find((e) => e.httpApi)?.httpApi;
      if (!http) continue;
      const at = spec.handler.lastIndexOf('.');
      const module = (await import(path.join(root, `${spec.handler.slice(0, at)}.ts`))) as Record<string, Operation['handler']>;
      const method = http.method === '*' ? 'GET' : http.method.toUpperCase();
      out.push({ route: `${method} ${http.path}`, method, path: http.path, handler: module[spec.handler.slice(at + 1)] });
    }
  }
  return out;
}

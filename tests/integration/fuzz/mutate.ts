// Seeded mutations of a valid request: wrong types, huge and non-finite numbers, deep nesting,
// long strings, missing and extra fields, and empty or bare bodies. Each takes the random
// source, so a run is replayed exactly from its seed.

export interface Request {
  query: Record<string, string>;
  pathParameters: Record<string, string>;
  body?: unknown;
  /** Sent as it is instead of JSON.stringify(body). */
  rawBody?: string;
}

export type Random = () => number;

export function random(seed: number): Random {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

const pick = <T>(rnd: Random, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];

/** Stands for an array nested this deep until the body is written out as text (a value that deep would break structuredClone and JSON.stringify). */
const DEEP = '\u0001deep:';
const deep = (depth: number) => `${DEEP}${depth}`;

const oddValues = (rnd: Random): unknown[] => [
  null,
  true,
  0,
  -1,
  1e308,
  -1e308,
  1e16,
  1e-320,
  Number.MAX_SAFE_INTEGER + 2,
  0.5,
  '',
  ' ',
  'x'.repeat(pick(rnd, [257, 5000, 200_000])),
  '\u0000\u202e\ud83d\ude00',
  '../../etc/passwd',
  '%00%zz',
  '1,2',
  '57.7,11.9',
  [],
  [1, 'a', null],
  {},
  { lat: 'x', lon: {} },
  deep(pick(rnd, [20, 40, 100_000])),
];

/** Paths to every node of a JSON value (objects and arrays included). */
function paths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = [], depth = 0): (string | number)[][] {
  out.push(prefix);
  if (depth > 12 || value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) value.slice(0, 5).forEach((v, i) => paths(v, [...prefix, i], out, depth + 1));
  else for (const [k, v] of Object.entries(value)) paths(v, [...prefix, k], out, depth + 1);
  return out;
}

function setAt(root: unknown, at: (string | number)[], value: unknown, remove = false): unknown {
  if (at.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const step of at.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  const last = at[at.length - 1];
  if (remove) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

const BARE_BODIES = ['', ' ', 'null', '0', 'false', '"text"', '[]', '{}', '[{}]', '{', '{"a":}', '1e999', '{"a":1e999}', '\u0000'];

export type Mutation = (rnd: Random, seed: Request) => Request & { what: string };

const bodyMutations: Mutation[] = [
  (rnd, r) => {
    const at = pick(rnd, paths(r.body));
    const value = pick(rnd, oddValues(rnd));
    return { ...r, body: setAt(r.body, at, value), what: `body ${at.join('.') || '(root)'} = ${JSON.stringify(value)?.slice(0, 40)}` };
  },
  (rnd, r) => {
    const at = pick(rnd, paths(r.body)).filter(() => true);
    if (at.length === 0) return { ...r, body: undefined, what: 'body removed' };
    return { ...r, body: setAt(r.body, at, undefined, true), what: `body ${at.join('.')} removed` };
  },
  (rnd, r) => {
    const objects = paths(r.body).filter((p) => {
      let node: unknown = r.body;
      for (const step of p) node = (node as Record<string | number, unknown>)[step];
      return node !== null && typeof node === 'object' && !Array.isArray(node);
    });
    if (!objects.length) return { ...r, rawBody: pick(rnd, BARE_BODIES), what: 'bare body' };
    const at = [...pick(rnd, objects), pick(rnd, ['extra', '__proto__', 'constructor', 'x'.repeat(300)])];
    const value = pick(rnd, oddValues(rnd));
    return { ...r, body: setAt(r.body, at, value), what: `body ${at.join('.').slice(0, 60)} added` };
  },
  (rnd, r) => {
    const raw = pick(rnd, BARE_BODIES);
    return { ...r, body: undefined, rawBody: raw, what: `bare body ${JSON.stringify(raw)}` };
  },
  (rnd, r) => {
    // Numbers only JSON text can carry: past the double range (Infinity once parsed), or long.
    const text = JSON.stringify(r.body ?? {}).replace(/-?\d+(\.\d+)?(e[+-]?\d+)?/g, () =>
      pick(rnd, ['1e999', '-1e999', '123456789012345678901234567890', '1e-400', '0.1']),
    );
    return { ...r, body: undefined, rawBody: text, what: 'numbers replaced in the JSON text' };
  },
];

const queryMutations: Mutation[] = [
  (rnd, r) => {
    const names = Object.keys(r.query).filter((k) => k !== 'key');
    const name = names.length ? pick(rnd, names) : pick(rnd, ['pn', 'ps', 'id', 'locations', 'extra']);
    const value = String(
      pick(rnd, ['', '-1', '0', '1e308', 'NaN', 'true', '9'.repeat(30), 'x'.repeat(300), '%zz', '1,2,3', '|||', '57.7,11.9|', 'null']),
    );
    return { ...r, query: { ...r.query, [name]: value }, what: `query ${name}=${value.slice(0, 30)}` };
  },
  (rnd, r) => {
    const names = Object.keys(r.query).filter((k) => k !== 'key');
    if (!names.length) return { ...r, query: { ...r.query, extra: 'x' }, what: 'query extra added' };
    const name = pick(rnd, names);
    const { [name]: _dropped, ...rest } = r.query;
    return { ...r, query: rest, what: `query ${name} removed` };
  },
  (rnd, r) => {
    const names = Object.keys(r.pathParameters);
    if (!names.length) return { ...r, query: { ...r.query, pn: '0' }, what: 'query pn=0' };
    const name = pick(rnd, names);
    const value = pick(rnd, ['', ' ', 'x'.repeat(300), '..%2F..', '%E0%A4%A', 'list', '\u0000', 'a/b', encodeURIComponent('ü ö')]);
    return { ...r, pathParameters: { ...r.pathParameters, [name]: value }, what: `path ${name}=${JSON.stringify(value).slice(0, 30)}` };
  },
];

export function mutate(rnd: Random, seed: Request, hasBody: boolean): Request & { what: string } {
  const pool = hasBody ? [...bodyMutations, ...bodyMutations, ...queryMutations] : [...queryMutations, bodyMutations[3]];
  const out = pick(rnd, pool)(rnd, seed);
  const text = out.rawBody ?? (out.body === undefined ? undefined : JSON.stringify(out.body));
  if (text === undefined || !text.includes('\\u0001deep:')) return out;
  const rawBody = text.replace(/"\\u0001deep:(\d+)"/g, (_, n: string) => '['.repeat(Number(n)) + ']'.repeat(Number(n)));
  return { ...out, body: undefined, rawBody };
}

import type { TableDeclaration } from '../../../infra/model';

// An in-memory stand-in for DynamoDBDocumentClient.send that charges every
// request the capacity DynamoDB would, per partition key and simulated second:
// 1 WCU per started KB written (the larger of the item before and after),
// 1 RCU per started 4 KB read strongly consistent, half that eventually
// consistent; writes inside a transaction cost double; an item write also
// writes each global secondary index whose key it carries, charged on that
// index's partition key (a keys-only index only when its keys change). It understands the subset of expressions the stores
// use: key conditions (=, BETWEEN, begins_with, comparisons), attribute_exists /
// attribute_not_exists as conditions (any other condition passes: the
// simulation never races itself), SET with if_not_exists and "+", REMOVE.
// Queries page at 1 MB like DynamoDB.

type Item = Record<string, unknown>;
type Values = Record<string, unknown>;
type Names = Record<string, string>;

const KB = 1024;
const PAGE_BYTES = 1024 * KB;

export interface KeyLoad {
  wcu: Map<number, number>;
  rcu: Map<number, number>;
  maxItemBytes: number;
  maxReadBytes: number;
}

interface Partition {
  items: Map<string, Item>;
  sorted?: string[];
}

interface TableState {
  decl: TableDeclaration;
  partitions: Map<string, Partition>;
}

export function itemBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') return Math.ceil(String(value).replace(/[-.]/g, '').length / 2) + 1;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((s: number, v) => s + itemBytes(v), 0);
  if (Array.isArray(value)) return 3 + value.reduce((s: number, v) => s + 1 + itemBytes(v), 0);
  let size = 3;
  for (const [k, v] of Object.entries(value as Item)) if (v !== undefined) size += Buffer.byteLength(k) + itemBytes(v) + 1;
  return size;
}

const sortValue = (v: unknown): string => (typeof v === 'number' ? (v + 1e15).toFixed(3).padStart(24, '0') : String(v));

function conditionError(name: string): Error {
  return Object.assign(new Error(name), { name });
}

export class CountingDynamo {
  readonly load = new Map<string, KeyLoad>();
  /** Simulated second that capacity is charged to. */
  second = 0;
  /** Told the bytes of every read, to sum them per API call. */
  onRead: (bytes: number) => void = () => undefined;
  private readonly tables = new Map<string, TableState>();

  constructor(declarations: readonly TableDeclaration[], tableName: (id: string) => string) {
    for (const decl of declarations) this.tables.set(tableName(decl.id), { decl, partitions: new Map() });
  }

  private keyLoad(table: string, pk: unknown, index?: string): KeyLoad {
    const id = `${this.tables.get(table)?.decl.id ?? table}${index ? `/${index}` : ''} ${String(pk)}`;
    let l = this.load.get(id);
    if (!l) this.load.set(id, (l = { wcu: new Map(), rcu: new Map(), maxItemBytes: 0, maxReadBytes: 0 }));
    return l;
  }

  private chargeWrite(table: string, pk: unknown, bytes: number, factor: number, index?: string): void {
    const l = this.keyLoad(table, pk, index);
    l.wcu.set(this.second, (l.wcu.get(this.second) ?? 0) + Math.max(1, Math.ceil(bytes / KB)) * factor);
    l.maxItemBytes = Math.max(l.maxItemBytes, bytes);
  }

  private chargeRead(table: string, pk: unknown, bytes: number, consistent: boolean, index?: string): void {
    const l = this.keyLoad(table, pk, index);
    l.rcu.set(this.second, (l.rcu.get(this.second) ?? 0) + Math.max(1, Math.ceil(bytes / (4 * KB))) * (consistent ? 1 : 0.5));
    l.maxReadBytes = Math.max(l.maxReadBytes, bytes);
    this.onRead(bytes);
  }

  private state(table: string): TableState {
    const t = this.tables.get(table);
    if (!t) throw new Error(`unknown table ${table}`);
    return t;
  }

  private partition(t: TableState, pk: unknown, create = false): Partition | undefined {
    const key = String(pk);
    let p = t.partitions.get(key);
    if (!p && create) t.partitions.set(key, (p = { items: new Map() }));
    return p;
  }

  private read(table: string, key: Item): Item | undefined {
    const t = this.state(table);
    const sk = t.decl.sortKey ? sortValue(key[t.decl.sortKey.name]) : '';
    return this.partition(t, key[t.decl.partitionKey.name])?.items.get(sk);
  }

  /** Stores (or deletes, item undefined) and charges table and indexes. */
  private write(table: string, key: Item, item: Item | undefined, factor: number): void {
    const t = this.state(table);
    const pk = key[t.decl.partitionKey.name];
    const sk = t.decl.sortKey ? sortValue(key[t.decl.sortKey.name]) : '';
    const p = this.partition(t, pk, true)!;
    const old = p.items.get(sk);
    if (item) {
      if (!old) p.sorted = undefined;
      p.items.set(sk, item);
    } else if (old) {
      p.items.delete(sk);
      p.sorted = undefined;
    }
    this.chargeWrite(table, pk, Math.max(old ? itemBytes(old) : 0, item ? itemBytes(item) : 0), factor);
    for (const index of t.decl.indexes ?? []) {
      const before = old?.[index.partitionKey.name];
      const after = item?.[index.partitionKey.name];
      const keysOnly = index.projection === 'KEYS_ONLY';
      const size = (x: Item | undefined) => itemBytes(keysOnly && x ? projectKeys(x, t.decl, index) : x);
      // A keys-only index is written only when its keys change (DynamoDB skips index writes
      // when neither the index key nor a projected attribute changed).
      const sortName = index.sortKey?.name;
      const moved = before !== after || (sortName !== undefined && old?.[sortName] !== item?.[sortName]);
      if (keysOnly && !moved) continue;
      // A changed index key is a delete of the old index item and a put of the new one.
      if (before !== undefined && moved) this.chargeWrite(table, before, size(old), factor, index.name);
      if (after !== undefined) this.chargeWrite(table, after, size(item), factor, index.name);
    }
  }

  private checkCondition(existing: Item | undefined, condition: string | undefined): void {
    if (!condition) return;
    const first = condition.trim();
    if (/^attribute_not_exists\(/.test(first) && existing) throw conditionError('ConditionalCheckFailedException');
    if (/^attribute_exists\(/.test(first) && !existing) throw conditionError('ConditionalCheckFailedException');
  }

  async send(command: { constructor: { name: string }; input: Item }): Promise<Item> {
    const name = command.constructor.name;
    const input = command.input;
    switch (name) {
      case 'GetCommand': {
        const item = this.read(input.TableName as string, input.Key as Item);
        const t = this.state(input.TableName as string);
        this.chargeRead(
          input.TableName as string,
          (input.Key as Item)[t.decl.partitionKey.name],
          item ? itemBytes(item) : 0,
          !!input.ConsistentRead,
        );
        return { Item: item && structuredClone(item) };
      }
      case 'PutCommand':
        return this.put(input, 1);
      case 'DeleteCommand':
        return this.del(input, 1);
      case 'UpdateCommand':
        return this.update(input, 1);
      case 'QueryCommand':
        return this.query(input);
      case 'BatchGetCommand':
        return this.batchGet(input);
      case 'BatchWriteCommand': {
        for (const [table, requests] of Object.entries(input.RequestItems as Record<string, Item[]>)) {
          for (const r of requests) {
            if (r.PutRequest) this.put({ TableName: table, Item: (r.PutRequest as Item).Item }, 1);
            if (r.DeleteRequest) this.del({ TableName: table, Key: (r.DeleteRequest as Item).Key }, 1);
          }
        }
        return { UnprocessedItems: {} };
      }
      case 'TransactWriteCommand': {
        const items = input.TransactItems as Item[];
        const reasons = items.map((op) => {
          const [kind, body] = Object.entries(op)[0] as [string, Item];
          const t = this.state(body.TableName as string);
          const key = kind === 'Put' ? pick(body.Item as Item, t.decl) : (body.Key as Item);
          try {
            this.checkCondition(this.read(body.TableName as string, key), body.ConditionExpression as string | undefined);
            return { Code: 'None' };
          } catch {
            return { Code: 'ConditionalCheckFailed' };
          }
        });
        if (reasons.some((r) => r.Code !== 'None')) {
          throw Object.assign(new Error('TransactionCanceledException'), {
            name: 'TransactionCanceledException',
            CancellationReasons: reasons,
          });
        }
        for (const op of items) {
          const [kind, body] = Object.entries(op)[0] as [string, Item];
          const plain = { ...body, ConditionExpression: undefined };
          if (kind === 'Put') this.put(plain, 2);
          else if (kind === 'Delete') this.del(plain, 2);
          else if (kind === 'Update') this.update(plain, 2);
        }
        return {};
      }
      default:
        throw new Error(`CountingDynamo: ${name} is not simulated`);
    }
  }

  private put(input: Item, factor: number): Item {
    const table = input.TableName as string;
    const item = structuredClone(input.Item as Item);
    const key = pick(item, this.state(table).decl);
    this.checkCondition(this.read(table, key), input.ConditionExpression as string | undefined);
    this.write(table, key, item, factor);
    return {};
  }

  private del(input: Item, factor: number): Item {
    const table = input.TableName as string;
    const existing = this.read(table, input.Key as Item);
    this.checkCondition(existing, input.ConditionExpression as string | undefined);
    this.write(table, input.Key as Item, undefined, factor);
    return {};
  }

  private update(input: Item, factor: number): Item {
    const table = input.TableName as string;
    const key = input.Key as Item;
    const existing = this.read(table, key);
    this.checkCondition(existing, input.ConditionExpression as string | undefined);
    const next: Item = existing ? structuredClone(existing) : { ...key };
    applyUpdate(
      next,
      input.UpdateExpression as string,
      (input.ExpressionAttributeNames ?? {}) as Names,
      (input.ExpressionAttributeValues ?? {}) as Values,
    );
    this.write(table, key, next, factor);
    const rv = input.ReturnValues;
    if (rv === 'ALL_NEW' || rv === 'UPDATED_NEW') return { Attributes: structuredClone(next) };
    if ((rv === 'ALL_OLD' || rv === 'UPDATED_OLD') && existing) return { Attributes: structuredClone(existing) };
    return {};
  }

  private query(input: Item): Item {
    const table = input.TableName as string;
    const t = this.state(table);
    const indexName = input.IndexName as string | undefined;
    const index = indexName ? t.decl.indexes?.find((i) => i.name === indexName) : undefined;
    const pkName = index ? index.partitionKey.name : t.decl.partitionKey.name;
    const skName = index ? index.sortKey?.name : t.decl.sortKey?.name;
    const names = (input.ExpressionAttributeNames ?? {}) as Names;
    const values = (input.ExpressionAttributeValues ?? {}) as Values;
    const cond = parseKeyCondition(input.KeyConditionExpression as string, names, values);
    let items: Item[];
    if (index) {
      items = [];
      for (const p of t.partitions.values()) for (const item of p.items.values()) if (item[pkName] === cond.pk) items.push(item);
      items.sort((a, b) => (sortValue(a[skName!]) < sortValue(b[skName!]) ? -1 : 1));
      if (index.projection === 'KEYS_ONLY') items = items.map((item) => projectKeys(item, t.decl, index));
    } else {
      const p = this.partition(t, cond.pk);
      if (p && !p.sorted) p.sorted = [...p.items.keys()].sort();
      items = p ? p.sorted!.map((k) => p.items.get(k)!) : [];
    }
    if (skName) items = items.filter((item) => cond.sk(item[skName]));
    if (input.ScanIndexForward === false) items.reverse();
    const start = input.ExclusiveStartKey as Item | undefined;
    if (start) {
      const at = items.findIndex(
        (item) => sortValue(item[skName ?? pkName]) === sortValue(start[skName ?? pkName]) && sameKey(item, start, t.decl),
      );
      items = items.slice(at + 1);
    }
    const limit = (input.Limit as number | undefined) ?? Infinity;
    const page: Item[] = [];
    let bytes = 0;
    for (const item of items) {
      if (page.length >= limit || bytes >= PAGE_BYTES) break;
      page.push(item);
      bytes += itemBytes(item);
    }
    this.chargeRead(table, cond.pk, bytes, !!input.ConsistentRead, indexName);
    const last = page.length < items.length ? page[page.length - 1] : undefined;
    return {
      Items: page.map((i) => structuredClone(i)),
      Count: page.length,
      LastEvaluatedKey: last && {
        ...pick(last, t.decl),
        ...(index ? { [pkName]: last[pkName], ...(skName ? { [skName]: last[skName] } : {}) } : {}),
      },
    };
  }

  private batchGet(input: Item): Item {
    const responses: Record<string, Item[]> = {};
    for (const [table, request] of Object.entries(input.RequestItems as Record<string, Item>)) {
      const t = this.state(table);
      responses[table] = [];
      for (const key of request.Keys as Item[]) {
        const item = this.read(table, key);
        this.chargeRead(table, key[t.decl.partitionKey.name], item ? itemBytes(item) : 0, !!request.ConsistentRead);
        if (item) responses[table].push(structuredClone(item));
      }
    }
    return { Responses: responses, UnprocessedKeys: {} };
  }

  /** Items of a table (for a migration or a check), in no particular order. */
  *items(tableId: string): Generator<Item> {
    for (const t of this.tables.values()) if (t.decl.id === tableId) for (const p of t.partitions.values()) yield* p.items.values();
  }
}

function pick(item: Item, decl: TableDeclaration): Item {
  const key: Item = { [decl.partitionKey.name]: item[decl.partitionKey.name] };
  if (decl.sortKey) key[decl.sortKey.name] = item[decl.sortKey.name];
  return key;
}

function projectKeys(item: Item, decl: TableDeclaration, index: NonNullable<TableDeclaration['indexes']>[number]): Item {
  const keys = pick(item, decl);
  keys[index.partitionKey.name] = item[index.partitionKey.name];
  if (index.sortKey) keys[index.sortKey.name] = item[index.sortKey.name];
  return keys;
}

function sameKey(a: Item, b: Item, decl: TableDeclaration): boolean {
  return a[decl.partitionKey.name] === b[decl.partitionKey.name] && (!decl.sortKey || a[decl.sortKey.name] === b[decl.sortKey.name]);
}

function parseKeyCondition(expr: string, names: Names, values: Values): { pk: unknown; sk: (v: unknown) => boolean } {
  const resolve = (token: string) => (token.startsWith(':') ? values[token] : token);
  const [pkPart, skPart] = expr.split(/\s+AND\s+(?=[#\w]+\s+BETWEEN|[#\w]+\s*[<>=]|begins_with)/i);
  const pk = resolve(pkPart.split('=')[1].trim());
  if (!skPart) return { pk, sk: () => true };
  const between = /BETWEEN\s+(:\w+)\s+AND\s+(:\w+)/i.exec(skPart);
  if (between) {
    const lo = sortValue(values[between[1]]),
      hi = sortValue(values[between[2]]);
    return { pk, sk: (v) => sortValue(v) >= lo && sortValue(v) <= hi };
  }
  const prefix = /begins_with\(\s*[#\w]+\s*,\s*(:\w+)\s*\)/.exec(skPart);
  if (prefix) return { pk, sk: (v) => String(v).startsWith(String(values[prefix[1]])) };
  const cmp = /([<>]=?|=)\s*(:\w+)/.exec(skPart)!;
  const ref = sortValue(values[cmp[2]]);
  const ops: Record<string, (a: string) => boolean> = {
    '=': (a) => a === ref,
    '<': (a) => a < ref,
    '<=': (a) => a <= ref,
    '>': (a) => a > ref,
    '>=': (a) => a >= ref,
  };
  void names;
  return { pk, sk: (v) => ops[cmp[1]](sortValue(v)) };
}

function path(text: string, names: Names): string[] {
  return text
    .trim()
    .split('.')
    .map((s) => names[s] ?? s);
}

function getPath(item: Item, p: string[]): unknown {
  let cur: unknown = item;
  for (const s of p) cur = cur && typeof cur === 'object' ? (cur as Item)[s] : undefined;
  return cur;
}

function setPath(item: Item, p: string[], value: unknown): void {
  let cur = item;
  for (const s of p.slice(0, -1)) cur = (cur[s] ??= {}) as Item;
  if (value === undefined) delete cur[p[p.length - 1]];
  else cur[p[p.length - 1]] = value;
}

function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0,
    start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    else if (text[i] === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

function operand(item: Item, text: string, names: Names, values: Values): unknown {
  const t = text.trim();
  const sum = splitPlus(t);
  if (sum.length > 1) return sum.reduce((s: number, part) => s + Number(operand(item, part, names, values) ?? 0), 0);
  if (t.startsWith(':')) return values[t];
  const ine = /^if_not_exists\(([^,]+),(.+)\)$/.exec(t);
  if (ine) return getPath(item, path(ine[1], names)) ?? operand(item, ine[2], names, values);
  const append = /^list_append\(([^,]+),(.+)\)$/.exec(t);
  if (append)
    return [
      ...((operand(item, append[1], names, values) as unknown[]) ?? []),
      ...((operand(item, append[2], names, values) as unknown[]) ?? []),
    ];
  return getPath(item, path(t, names));
}

function splitPlus(text: string): string[] {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    else if (text[i] === '+' && depth === 0) return [text.slice(0, i), ...splitPlus(text.slice(i + 1))];
  }
  return [text];
}

function applyUpdate(item: Item, expr: string, names: Names, values: Values): void {
  const clauses = expr.split(/\b(SET|REMOVE|ADD|DELETE)\b/).map((s) => s.trim());
  for (let i = 1; i < clauses.length; i += 2) {
    const action = clauses[i];
    for (const part of splitTop(clauses[i + 1])) {
      if (action === 'SET') {
        const eq = part.indexOf('=');
        setPath(item, path(part.slice(0, eq), names), operand(item, part.slice(eq + 1), names, values));
      } else if (action === 'REMOVE') {
        setPath(item, path(part, names), undefined);
      } else if (action === 'ADD') {
        const [p, v] = part.split(/\s+/);
        const target = path(p, names);
        setPath(item, target, Number(getPath(item, target) ?? 0) + Number(values[v]));
      }
    }
  }
}

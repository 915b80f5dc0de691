// The CSV tables the solver benchmark reads: best-known values and a VROOM baseline. Both are
// read by header name, so extra columns (sources, dates, timings) are ignored and column order is free.

/** One CSV line; double-quoted fields may hold commas, `""` is a literal quote. */
export function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') field += line[++i];
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out.map((f) => f.trim());
}

/** Rows as records keyed by the lower-cased header; fails naming the first required column missing. */
export function readCsv(text: string, required: string[]): Record<string, string>[] {
  const lines = text
    .replace(/\r/g, '')
    .split('\n')
    .filter((l) => l.trim().length > 0);
  const header = splitCsvLine(lines[0] ?? '').map((h) => h.toLowerCase());
  const missing = required.find((c) => !header.includes(c));
  if (missing) throw new Error(`CSV header has no "${missing}" column (found: ${header.join(', ')})`);
  return lines.slice(1).map((l) => {
    const cells = splitCsvLine(l);
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
  });
}

export interface Bks {
  vehicles: number;
  distance: number;
}

/** Best-known values per lower-cased instance name, in both objective conventions when given. */
export interface BksTable {
  /** Fewest vehicles first, then distance (the literature's convention). */
  hierarchical: Map<string, Bks>;
  /** Distance only, fleet limited by the file. */
  distance: Map<string, Bks>;
}

/**
 * Columns `instance,vehicles,distance` and an optional `objective` (`hierarchical` when absent or
 * empty, or `distance`); rows of any other objective (e.g. `distance_dimacs`) are skipped because
 * their distances are not comparable with full-precision ones.
 */
export function parseBks(text: string): BksTable {
  const table: BksTable = { hierarchical: new Map(), distance: new Map() };
  for (const row of readCsv(text, ['instance', 'vehicles', 'distance'])) {
    const objective = row.objective || 'hierarchical';
    if (objective !== 'hierarchical' && objective !== 'distance') continue;
    const vehicles = Number(row.vehicles);
    const distance = Number(row.distance);
    if (!Number.isFinite(vehicles) || !Number.isFinite(distance))
      throw new Error(`BKS row ${row.instance}: vehicles and distance must be numbers`);
    table[objective].set(row.instance.toLowerCase(), { vehicles, distance });
  }
  return table;
}

export interface Baseline {
  vehicles: number;
  distance: number;
  unassigned: number;
  wallSeconds: number;
}

/**
 * VROOM's figures per lower-cased instance name from a baseline CSV (`instance, distance, vehicles,
 * wall_s`, optional `unassigned` and `config`). When a `config` column is present only rows of
 * `config` are kept, so one instance has one row.
 */
export function parseBaseline(text: string, config: string): Map<string, Baseline> {
  const rows = readCsv(text, ['instance', 'distance', 'vehicles', 'wall_s']);
  const hasConfig = rows.length > 0 && 'config' in rows[0];
  const kept = hasConfig ? rows.filter((r) => r.config === config) : rows;
  if (kept.length === 0)
    throw new Error(`baseline has no rows of config "${config}" (configs: ${[...new Set(rows.map((r) => r.config))].join(', ')})`);
  const out = new Map<string, Baseline>();
  for (const r of kept) {
    const name = r.instance.toLowerCase();
    if (out.has(name)) throw new Error(`baseline has two rows for ${r.instance} in config "${config}"`);
    out.set(name, {
      vehicles: Number(r.vehicles),
      distance: Number(r.distance),
      unassigned: Number(r.unassigned || 0),
      wallSeconds: Number(r.wall_s),
    });
  }
  return out;
}

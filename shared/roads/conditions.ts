/**
 * `restriction:conditional` conditions: the subset of the OSM opening_hours syntax used for
 * time-dependent turn restrictions (weekday ranges and time ranges, several rules joined by `;`),
 * evaluated at a departure time in the network's local time.
 */

const DAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];

interface Rule {
  /** Bit d set = weekday d (0 = Sunday) selected. */
  days: number;
  /** Minutes since midnight, [from, to); to < from wraps past midnight. */
  times: Array<[number, number]>;
}

function parseDays(s: string): number | null {
  let bits = 0;
  for (const part of s.split(',')) {
    const [a, b] = part.split('-');
    const i = DAYS.indexOf(a);
    const j = b === undefined ? i : DAYS.indexOf(b);
    if (i < 0 || j < 0) return null;
    for (let d = i; ; d = (d + 1) % 7) {
      bits |= 1 << d;
      if (d === j) break;
    }
  }
  return bits;
}

function minutes(s: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(s);
  if (!m) return null;
  const v = Number(m[1]) * 60 + Number(m[2]);
  return v <= 24 * 60 ? v : null;
}

function parseTimes(s: string): Array<[number, number]> | null {
  const out: Array<[number, number]> = [];
  for (const part of s.split(',')) {
    const [a, b] = part.split('-');
    const from = minutes(a);
    const to = b === undefined ? null : minutes(b);
    if (from === null || to === null) return null;
    out.push([from, to]);
  }
  return out;
}

/** The rules of a condition, or null when it is outside the supported subset. */
export function parseCondition(text: string): Rule[] | null {
  let s = text.trim();
  while (s.startsWith('(') && s.endsWith(')')) s = s.slice(1, -1).trim();
  if (!s) return null;
  const rules: Rule[] = [];
  for (const raw of s.split(';')) {
    const tokens = raw
      .trim()
      .replace(/\s*([,-])\s*/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    if (tokens.length === 0) continue;
    let days = 0x7f;
    let times: Array<[number, number]> = [[0, 24 * 60]];
    let seen = false;
    for (const t of tokens) {
      if (/^[A-Z][a-z]/.test(t)) {
        const d = parseDays(t);
        if (d === null) return null;
        days = d;
      } else {
        const ts = parseTimes(t);
        if (ts === null) return null;
        times = ts;
      }
      seen = true;
    }
    if (seen) rules.push({ days, times });
  }
  return rules.length > 0 ? rules : null;
}

/**
 * Whether the condition holds at unix second `timestamp` (local time = UTC + offset). A time range
 * that passes midnight belongs to the day it starts on. A condition outside the supported subset
 * never holds: the restriction is then not applied, as when no departure time is given.
 */
export function conditionHolds(text: string, timestamp: number, utcOffsetMinutes: number): boolean {
  const rules = parseCondition(text);
  if (!rules) return false;
  const local = new Date((timestamp + utcOffsetMinutes * 60) * 1000);
  const day = local.getUTCDay();
  const min = local.getUTCHours() * 60 + local.getUTCMinutes();
  const yesterday = (day + 6) % 7;
  return rules.some((r) =>
    r.times.some(([from, to]) =>
      from <= to
        ? r.days & (1 << day) && min >= from && min < to
        : (r.days & (1 << day) && min >= from) || (r.days & (1 << yesterday) && min < to),
    ),
  );
}

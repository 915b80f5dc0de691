// OpenStreetMap `opening_hours` read into the client's openingHours.timeRanges for the seven
// days from a given date. Only the common forms are read ("24/7", "Mo-Fr 08:00-18:00; Sa
// 10:00-14:00", "Tu off", times joined by ","); anything else (public holidays aside, which are
// skipped) leaves the field out rather than answer hours the tag does not say.

export interface TimePoint {
  date: string;
  hour: number;
  minute: number;
}

export interface OpeningHours {
  timeRanges: Array<{ startTime: TimePoint; endTime: TimePoint }>;
}

const DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const DAY_SPEC = /^(Mo|Tu|We|Th|Fr|Sa|Su)(-(Mo|Tu|We|Th|Fr|Sa|Su))?$/;
const RANGE = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/;

type Minutes = Array<[number, number]>;

function days(spec: string): number[] | undefined {
  const out: number[] = [];
  for (const part of spec.split(',')) {
    const m = DAY_SPEC.exec(part);
    if (!m) return undefined;
    const from = DAYS.indexOf(m[1]);
    const to = m[3] ? DAYS.indexOf(m[3]) : from;
    for (let d = from; ; d = (d + 1) % 7) {
      out.push(d);
      if (d === to) break;
    }
  }
  return out;
}

function ranges(spec: string): Minutes | undefined {
  if (spec === 'off' || spec === 'closed') return [];
  const out: Minutes = [];
  for (const part of spec.split(',')) {
    const m = RANGE.exec(part.trim());
    if (!m) return undefined;
    const [h1, m1, h2, m2] = m.slice(1).map(Number);
    if (h1 > 24 || h2 > 48 || m1 > 59 || m2 > 59) return undefined;
    out.push([h1 * 60 + m1, h2 * 60 + m2]);
  }
  return out;
}

/** Minutes open per weekday (Monday 0), later rules replacing earlier ones for their days; undefined when not read. */
export function weeklyHours(tag: string): Minutes[] | undefined {
  const text = tag.trim();
  if (!text) return undefined;
  if (text === '24/7') return DAYS.map(() => [[0, 24 * 60]]);
  const week: Minutes[] = DAYS.map(() => []);
  for (const rule of text.split(';').map((r) => r.trim())) {
    if (!rule || /^PH\b/.test(rule)) continue;
    const space = rule.indexOf(' ');
    const head = space < 0 ? rule : rule.slice(0, space);
    const named = days(head);
    const times = ranges(named ? rule.slice(space + 1).trim() : rule);
    if (!times || (named && space < 0)) return undefined;
    for (const d of named ?? DAYS.map((_, i) => i)) week[d] = times;
  }
  return week;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function point(dayMs: number, minutes: number): TimePoint {
  const extra = Math.floor(minutes / (24 * 60));
  const rest = minutes % (24 * 60);
  return { date: isoDate(dayMs + extra * 86_400_000), hour: Math.floor(rest / 60), minute: rest % 60 };
}

/** The tag's ranges on the seven days from `from` (UTC dates); a range past midnight ends the next day. */
export function openingHours(tag: string, from: Date): OpeningHours | undefined {
  const week = weeklyHours(tag);
  if (!week) return undefined;
  const start = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  const timeRanges: OpeningHours['timeRanges'] = [];
  for (let k = 0; k < 7; k++) {
    const dayMs = start + k * 86_400_000;
    const weekday = (new Date(dayMs).getUTCDay() + 6) % 7;
    for (const [open, close] of week[weekday]) {
      const end = close <= open ? close + 24 * 60 : close;
      timeRanges.push({ startTime: point(dayMs, open), endTime: point(dayMs, end) });
    }
  }
  return { timeRanges };
}

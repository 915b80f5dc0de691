// The GET geocoding family, in process, through the service the handlers call (custom places
// from an in-memory store, so the figures are the engine's and the Item mapping's):
// autocomplete over the generated query set (latency and top-5 hit rate, beside the same
// queries through the multigeocode search), and reverse geocoding at points near places and
// at random points anywhere.

import { search, type DefaultIndex, type SearchRequest } from '../../../shared/geocoding';
import { PlaceOverlayCache } from '../../../shared/places/cache';
import { GeocodeService } from '../../../shared/places/geocode';
import { MemoryPlaceStore } from '../../fixtures/memory/places';
import { seededRandom } from '../../fixtures/random';

export interface FamilyFigures {
  autocomplete: {
    p50: number;
    p99: number;
    cpuP50: number;
    cpuP99: number;
    top5: number;
    searchTop5: number;
    /** Per-query work (places generated, candidates fully ranked): p50 and p99. */
    work: { generatedP50: number; generatedP99: number; rankedP50: number; rankedP99: number; typoPassShare: number };
    /** The slowest queries by wall time, with their CPU time and work. */
    slowest: string[];
  };
  reverse: { p50: number; p99: number; nearP50: number; anywhereP50: number };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

export async function benchFamily(
  index: DefaultIndex,
  queries: { req: SearchRequest; target: string }[],
  seed: number,
): Promise<FamilyFigures> {
  const service = new GeocodeService(new PlaceOverlayCache(new MemoryPlaceStore()), { defaultIndex: () => index });
  const space = 'bench';
  const auto: number[] = [];
  const autoCpu: number[] = [];
  // the service's first answer sets up its cache and ICU's display names once: not a query's cost
  await service.freeText(space, 'autocomplete', { q: 'warm' });
  const generated: number[] = [];
  const ranked: number[] = [];
  let typoPasses = 0;
  const timed: { ms: number; cpu: number; line: string }[] = [];
  let top5 = 0;
  let searchTop5 = 0;
  for (const q of queries) {
    const query = { q: q.req.query, limit: '5', ...(q.req.at ? { at: `${q.req.at.lat},${q.req.at.lng}` } : {}) };
    const w = { ...index.work };
    const c = process.cpuUsage();
    const t = performance.now();
    const { items } = await service.freeText(space, 'autocomplete', query);
    const ms = performance.now() - t;
    auto.push(ms);
    const cu = process.cpuUsage(c);
    const cpu = (cu.user + cu.system) / 1000;
    autoCpu.push(cpu);
    const work = {
      generated: index.work.generated - w.generated,
      ranked: index.work.ranked - w.ranked,
      typo: index.work.typoPasses - w.typoPasses,
    };
    generated.push(work.generated);
    ranked.push(work.ranked);
    typoPasses += work.typo;
    timed.push({
      ms,
      cpu,
      line: `${ms.toFixed(1)} ms wall, ${cpu.toFixed(1)} ms CPU: ${JSON.stringify(query.q)}${query.at ? ' @' : ''} (${work.generated} generated, ${work.ranked} ranked${work.typo ? ', typo pass' : ''})`,
    });
    if (items.some((i) => i.id === q.target)) top5++;
    if (search(q.req, { index }).entities.some((e) => e.docId === q.target)) searchTop5++;
  }
  const g = index.g;
  const rand = seededRandom(seed + 2);
  const near: number[] = [];
  const anywhere: number[] = [];
  const reverse = async (lat: number, lng: number, into: number[]) => {
    const t = performance.now();
    await service.reverse(space, { at: `${lat},${lng}` });
    into.push(performance.now() - t);
  };
  await reverse(0, 0, []); // builds the grid
  for (let n = 0; n < 1000; n++) {
    const i = Math.floor(rand() * g.size);
    await reverse(g.lat[i] + (rand() - 0.5) * 0.2, g.lon[i] + (rand() - 0.5) * 0.2, near);
  }
  for (let n = 0; n < 200; n++) await reverse(rand() * 170 - 85, rand() * 360 - 180, anywhere);
  const all = [...near, ...anywhere];
  return {
    autocomplete: {
      p50: pct(auto, 50),
      p99: pct(auto, 99),
      cpuP50: pct(autoCpu, 50),
      cpuP99: pct(autoCpu, 99),
      top5: top5 / queries.length,
      searchTop5: searchTop5 / queries.length,
      work: {
        generatedP50: pct(generated, 50),
        generatedP99: pct(generated, 99),
        rankedP50: pct(ranked, 50),
        rankedP99: pct(ranked, 99),
        typoPassShare: typoPasses / queries.length,
      },
      slowest: timed
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 8)
        .map((t) => t.line),
    },
    reverse: { p50: pct(all, 50), p99: pct(all, 99), nearP50: pct(near, 50), anywhereP50: pct(anywhere, 50) },
  };
}

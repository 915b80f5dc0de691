// Words around a default place's name: its country (names, aliases, codes) and its divisions.
// Queries use them as context ("paris texas", "paris, fr"), the ranker as context words.

import { foldText } from './format';
import type { Gazetteer } from './gazetteer';
import type { RankDoc } from './rank';

export class PlaceContext {
  /** folded country alias / code -> country indexes */
  readonly countryByAlias = new Map<string, number[]>();
  /** alpha-3 -> country index */
  readonly countryByAlpha3 = new Map<string, number>();
  private readonly countryWords: Set<string>[];
  private readonly admin1Names = new Set<string>();
  private readonly adminWordsCache: (string[] | undefined)[];

  constructor(private readonly g: Gazetteer) {
    this.adminWordsCache = new Array(g.size);
    this.countryWords = g.countries.map((c, ci) => {
      const ws = new Set<string>([c.alpha2.toLowerCase(), c.alpha3.toLowerCase()]);
      this.countryByAlpha3.set(c.alpha3, ci);
      for (const alias of [c.name, ...c.aliases, c.alpha2, c.alpha3]) {
        const f = foldText(alias);
        if (!f) continue;
        const list = this.countryByAlias.get(f) ?? [];
        if (!list.includes(ci)) list.push(ci);
        this.countryByAlias.set(f, list);
        for (const w of f.split(' ')) ws.add(w);
      }
      return ws;
    });
    for (const a of new Set<string>(g.admin1)) if (a) this.admin1Names.add(foldText(a));
  }

  /** A trailing query phrase that names a country or a state (used to find the name part). */
  isContextPhrase = (phrase: string): boolean => this.countryByAlias.has(phrase) || this.admin1Names.has(phrase);

  /** alpha-3 code of a country name/alias/code, if known. */
  resolveCountry(value: string): string | undefined {
    const up = value.trim().toUpperCase();
    if (this.countryByAlpha3.has(up)) return up;
    const list = this.countryByAlias.get(foldText(value));
    return list && list.length ? this.g.countries[list[0]].alpha3 : undefined;
  }

  countryWordsOf(alpha3: string): Set<string> | undefined {
    const ci = this.countryByAlpha3.get(alpha3);
    return ci === undefined ? undefined : this.countryWords[ci];
  }

  /** What the ranker reads of place i: its names and its context words. */
  rankDoc(i: number): RankDoc {
    const cw = this.countryWords[this.g.country[i]];
    const aw = this.adminWords(i);
    return {
      variants: this.g.keys[i].split('|'),
      altFrom: 1,
      hasContext: (w) => cw.has(w) || aw.includes(w),
      hasContextPrefix: (p) => {
        for (const w of aw) if (w.startsWith(p)) return true;
        for (const w of cw) if (w.startsWith(p)) return true;
        return false;
      },
    };
  }

  /** Words of place i's first- and second-order divisions (and a US state's code), cached. */
  private adminWords(i: number): string[] {
    let w = this.adminWordsCache[i];
    if (!w) {
      const g = this.g;
      const out: string[] = [];
      if (g.admin1[i]) out.push(...foldText(g.admin1[i]).split(' '));
      if (g.admin2[i]) out.push(...foldText(g.admin2[i]).split(' '));
      const cc = g.countries[g.country[i]].alpha2;
      if (cc === 'US' && g.admin1Code[i]) out.push(g.admin1Code[i].toLowerCase());
      w = this.adminWordsCache[i] = out;
    }
    return w;
  }
}

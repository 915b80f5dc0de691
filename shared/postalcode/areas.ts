// Postal-code areas from the imported regions' address points (`addr:postcode` in the address
// index beside each road network): a code's centre is the mean of its addresses and its shape
// the convex hull around them. OSM boundary=postal_code relations are not imported, so a shape
// is an approximation of the area the addresses cover, never the official boundary.

import { convexHull } from '../geo/hull';
import { NearestPlaces } from '../geocoding/nearest';
import type { LonLat } from '../geo/types';

export interface PostcodeSource {
  readonly region: string;
  eachPostcode(visit: (code: string, lat: number, lon: number) => void): void;
}

export interface PostalArea {
  /** As the addresses spell it most often ("411 06" or "41106"). */
  code: string;
  region: string;
  addresses: number;
  lat: number;
  lon: number;
  /** Closed [lon, lat] ring; absent when the addresses span no area. */
  ring?: LonLat[];
}

export interface RegionCoverage {
  region: string;
  codes: number;
  addresses: number;
}

/** One key for the spellings of a code: "411 06", "41106" and "411-06" are the same code. */
export const foldPostcode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

/** Grid cells of about 1 km: one query looks at a few cells of addresses. */
const CELL_DEG = 0.01;

export class PostalAreas {
  private readonly areas: PostalArea[] = [];
  private readonly byCode = new Map<string, number[]>();
  private readonly coverageList: RegionCoverage[] = [];
  /** The addresses with a code, for "which code is here": the area number of each. */
  private readonly lat: number[] = [];
  private readonly lon: number[] = [];
  private readonly areaOf: number[] = [];
  private grid: NearestPlaces | undefined;

  constructor(sources: readonly PostcodeSource[]) {
    for (const source of sources) {
      const points = new Map<string, { spellings: Map<string, number>; at: LonLat[] }>();
      source.eachPostcode((code, lat, lon) => {
        const key = foldPostcode(code);
        let entry = points.get(key);
        if (!entry) points.set(key, (entry = { spellings: new Map(), at: [] }));
        entry.spellings.set(code, (entry.spellings.get(code) ?? 0) + 1);
        entry.at.push([lon, lat]);
      });
      let total = 0;
      for (const [key, { spellings, at }] of points) {
        const n = this.areas.length;
        const code = [...spellings].sort((a, b) => b[1] - a[1])[0][0];
        const lat = at.reduce((s, p) => s + p[1], 0) / at.length;
        const lon = at.reduce((s, p) => s + p[0], 0) / at.length;
        this.areas.push({ code, region: source.region, addresses: at.length, lat, lon, ring: convexHull(at) });
        this.byCode.set(key, [...(this.byCode.get(key) ?? []), n]);
        for (const p of at) {
          this.lon.push(p[0]);
          this.lat.push(p[1]);
          this.areaOf.push(n);
        }
        total += at.length;
      }
      this.coverageList.push({ region: source.region, codes: points.size, addresses: total });
    }
  }

  /** The areas of a code, in every region that has it. */
  find(code: string): PostalArea[] {
    return (this.byCode.get(foldPostcode(code)) ?? []).map((n) => this.areas[n]);
  }

  /** The area of the address with a code nearest the point, within `maxMeters`. */
  at(lat: number, lon: number, maxMeters: number): PostalArea | undefined {
    this.grid ??= new NearestPlaces(
      { size: this.lat.length, lat: Float64Array.from(this.lat), lon: Float64Array.from(this.lon) },
      CELL_DEG,
    );
    const [hit] = this.grid.nearest(lat, lon, 1, undefined, maxMeters);
    return hit && this.areas[this.areaOf[hit.i]];
  }

  coverage(): readonly RegionCoverage[] {
    return this.coverageList;
  }
}

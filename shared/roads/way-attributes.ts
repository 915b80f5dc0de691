/**
 * What the graph keeps of an OSM way: class, speeds, per-mode and per-direction access, flags
 * and limits. Access and oneway follow access.ts; shared/roads/README.md#osm-access-rules.
 */
import { directedAccess, isTunnel, type Access, type OsmTags } from './access';
import { DEFAULT_SPEEDS, PROFILE_MAX_SPEED, ROAD_CLASS_INDEX, parseLength, parseMaxspeed, parseWeight, type RoadClass } from './profiles';

export interface WayAttributes {
  roadClass: number;
  /** km/h per profile, 0 when the profile may not use the way in either direction. */
  speedCar: number;
  speedTruck: number;
  /** Per mode, [forward, backward] along the way's node order. */
  car: [Access, Access];
  truck: [Access, Access];
  /** 1 = forward only, -1 = backward only, 0 = both directions (for some mode). */
  oneway: 0 | 1 | -1;
  toll: boolean;
  ferry: boolean;
  tunnel: boolean;
  bridge: boolean;
  maxspeed: number;
  maxweight: number;
  maxheight: number;
  maxwidth: number;
  maxlength: number;
  name: string;
  /** Ferry crossing duration in seconds from the duration tag, when given. */
  ferryDuration?: number;
}

/** Why a way is not in the graph (the import report counts them by these). */
export type SkipReason = 'highway type not driven' | 'construction' | 'proposed' | 'area' | 'no access' | 'ferry without vehicles';

function roadClassOf(tags: OsmTags): RoadClass | SkipReason {
  if (tags.route === 'ferry') return 'ferry';
  const hw = tags.highway;
  if (hw === 'construction' || hw === 'proposed') return hw;
  if (hw && hw !== 'ferry' && ROAD_CLASS_INDEX[hw] !== undefined) return hw as RoadClass;
  return 'highway type not driven';
}

const clampSpeed = (s: number) => Math.max(0, Math.min(255, Math.round(s)));

/** The way's attributes, or why it is left out. */
export function classifyWay(tags: OsmTags): WayAttributes | SkipReason {
  const cls = roadClassOf(tags);
  if (!(cls in ROAD_CLASS_INDEX)) return cls as SkipReason;
  const c = cls as RoadClass;
  if (tags.area === 'yes') return 'area';
  const ferry = c === 'ferry';
  // a ferry route carries vehicles only when tagged so: untagged ones are mostly foot ferries
  const fallback: Access = ferry ? 'no' : 'yes';
  const car = directedAccess(tags, 'car', fallback);
  const truck = directedAccess(tags, 'truck', fallback);
  const carUses = car[0] !== 'no' || car[1] !== 'no';
  const truckUses = truck[0] !== 'no' || truck[1] !== 'no';
  if (!carUses && !truckUses) return ferry ? 'ferry without vehicles' : 'no access';
  const maxspeed = parseMaxspeed(tags.maxspeed) ?? 0;
  let speedCar = DEFAULT_SPEEDS.car[c];
  let speedTruck = DEFAULT_SPEEDS.truck[c];
  if (maxspeed > 0 && !ferry) {
    speedCar = Math.min(maxspeed, PROFILE_MAX_SPEED.car);
    speedTruck = Math.min(maxspeed, speedTruck, PROFILE_MAX_SPEED.truck);
  }
  const fwd = car[0] !== 'no' || truck[0] !== 'no';
  const bwd = car[1] !== 'no' || truck[1] !== 'no';
  return {
    roadClass: ROAD_CLASS_INDEX[c],
    speedCar: carUses ? clampSpeed(speedCar) : 0,
    speedTruck: truckUses ? clampSpeed(speedTruck) : 0,
    car,
    truck,
    oneway: fwd && bwd ? 0 : fwd ? 1 : -1,
    toll: tags.toll === 'yes' || tags['toll:hgv'] === 'yes',
    ferry,
    tunnel: isTunnel(tags),
    bridge: !!tags.bridge && tags.bridge !== 'no',
    maxspeed: Math.min(255, Math.round(maxspeed)),
    maxweight: Math.max(parseWeight(tags.maxweight), 0),
    maxheight: parseLength(tags.maxheight ?? tags['maxheight:physical']),
    maxwidth: parseLength(tags.maxwidth ?? tags['maxwidth:physical']),
    maxlength: parseLength(tags.maxlength),
    name: tags.name ?? tags.ref ?? '',
    ferryDuration: ferry ? parseDuration(tags.duration) : undefined,
  };
}

/** Interpret OSM tags of a way. Returns null when neither profile may drive it. */
export function wayAttributes(tags: OsmTags): WayAttributes | null {
  const a = classifyWay(tags);
  return typeof a === 'string' ? null : a;
}

/** Parse an OSM duration "HH:MM" or "HH:MM:SS" or minutes to seconds. */
export function parseDuration(v: string | undefined): number | undefined {
  if (!v) return undefined;
  const p = v.split(':').map(Number);
  if (p.some((x) => !Number.isFinite(x))) return undefined;
  if (p.length === 1) return p[0] * 60;
  if (p.length === 2) return p[0] * 3600 + p[1] * 60;
  return p[0] * 3600 + p[1] * 60 + (p[2] ?? 0);
}

// Turn-by-turn guidance on a directions route with steps: each step's maneuver gets its
// instruction, and voice and banner instructions at distances before the next maneuver, in the
// phrasebook's language. Distances along a step count back from its end (the next maneuver),
// as navigation clients read them.

import type { ManeuverKind, ManeuverSpeech, Phrasebook } from './phrases';

interface Point {
  latitude: number;
  longitude: number;
}

export interface DirectionsStep {
  distance: { value: number };
  duration: { value: number };
  name: string;
  start_location: Point;
  end_location: Point;
  maneuver: { bearing_before: number; bearing_after: number; coordinate: Point; maneuver_type: string; modifier: string };
}

interface DirectionsLeg {
  distance: { value: number };
  duration: { value: number };
  steps?: DirectionsStep[];
}

interface DirectionsRoute {
  distance: number;
  duration: number;
  legs: DirectionsLeg[];
}

export interface Spoken {
  distance_along_geometry: number;
  instruction: string;
  unit: 'meter';
}

/** Announce the next maneuver this far ahead, when the step is long enough to hold it (metres). */
export const ANNOUNCE_AHEAD_M = [1000, 200];
/** The last call, at the maneuver (or the whole step when shorter). */
export const ANNOUNCE_AT_M = 50;
/** A step longer than this also gets "continue for" just after its maneuver. */
export const CONTINUE_FOR_M = 2000;
/** An announcement this close to a later one is left out: they would overlap when spoken. */
const SPACING_M = 100;

const tenth = (x: number) => Math.round(x * 10) / 10;

function speech(step: DirectionsStep, waypoint: number | undefined): ManeuverSpeech {
  return {
    kind: step.maneuver.maneuver_type as ManeuverKind,
    modifier: step.maneuver.modifier,
    road: step.name,
    bearing: step.maneuver.bearing_after,
    waypoint,
  };
}

function voice(book: Phrasebook, step: DirectionsStep, next: ManeuverSpeech | undefined, first: boolean): Spoken[] {
  const length = step.distance.value;
  const out: Spoken[] = [];
  const say = (at: number, instruction: string) => out.push({ distance_along_geometry: tenth(at), instruction, unit: 'meter' });
  if (first) say(length, book.maneuver(speech(step, undefined)));
  else if (length > CONTINUE_FOR_M) say(length - ANNOUNCE_AT_M, book.continueFor(step.name, length));
  if (!next) return out;
  for (const ahead of ANNOUNCE_AHEAD_M) if (length > ahead + SPACING_M) say(ahead, book.ahead(ahead, next));
  say(Math.min(length, ANNOUNCE_AT_M), book.maneuver(next));
  return out;
}

/** The route with navigation's fields; `steps` are those of directions with steps=true. */
export function withGuidance<R extends DirectionsRoute>(route: R, book: Phrasebook) {
  const lastLeg = route.legs.length - 1;
  return {
    ...route,
    distance_full: route.distance,
    raw_duration: route.duration,
    predicted_duration: route.duration,
    weight: route.duration,
    legs: route.legs.map((leg, l) => {
      const steps = leg.steps ?? [];
      const spoken = steps.map((s) => speech(s, s.maneuver.maneuver_type === 'arrive' && l < lastLeg ? l + 1 : undefined));
      return {
        ...leg,
        raw_duration: leg.duration.value,
        steps: steps.map((step, k) => {
          const next = spoken[k + 1];
          const m = step.maneuver;
          const location = { ...m.coordinate, name: step.name };
          return {
            ...step,
            driving_side: 'right',
            intersections: [
              k === 0
                ? { location, bearings: [m.bearing_after], entry: [true], intersection_in: 0, intersection_out: 0 }
                : {
                    location,
                    bearings: [(m.bearing_before + 180) % 360, m.bearing_after],
                    entry: [false, true],
                    intersection_in: 0,
                    intersection_out: 1,
                  },
            ],
            maneuver: {
              ...m,
              coordinate: location,
              instruction: book.maneuver(spoken[k]),
              muted: false,
              voice_instruction: voice(book, step, next, k === 0),
            },
            ...(next
              ? {
                  banner_instructions: [
                    {
                      distance_along_geometry: tenth(step.distance.value),
                      primary: { text: next.road || book.maneuver(next), type: next.kind, modifier: next.modifier },
                    },
                  ],
                }
              : {}),
          };
        }),
      };
    }),
  };
}

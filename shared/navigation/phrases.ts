// What guidance says, apart from how it is worded: each language is one Phrasebook (en.ts), so a
// language is added by writing one file and listing it in PHRASEBOOKS (languages.ts).

export type ManeuverKind = 'depart' | 'turn' | 'new name' | 'arrive';

export interface ManeuverSpeech {
  kind: ManeuverKind;
  /** straight, slight left, left, sharp left, uturn, ... (steps.ts modifierOf) */
  modifier: string;
  /** The road the maneuver leads onto; empty when unnamed. */
  road: string;
  /** Compass direction of travel after the maneuver, degrees. */
  bearing: number;
  /** For arrive: the stop's number among the waypoints (1-based), or undefined at the destination. */
  waypoint?: number;
}

export interface Phrasebook {
  /** The maneuver as said at it: "Turn left onto Vasagatan". */
  maneuver(m: ManeuverSpeech): string;
  /** The maneuver announced ahead: "In 200 meters, turn left onto Vasagatan". */
  ahead(meters: number, m: ManeuverSpeech): string;
  /** A long stretch before the next maneuver: "Continue on Vasagatan for 2 kilometers". */
  continueFor(road: string, meters: number): string;
}

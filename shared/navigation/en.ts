import type { ManeuverSpeech, Phrasebook } from './phrases';

const COMPASS = ['north', 'northeast', 'east', 'southeast', 'south', 'southwest', 'west', 'northwest'];

/** Spoken distances: round hundreds of metres below a kilometre, half kilometres above. */
function distance(meters: number): string {
  if (meters < 1000) {
    const m = Math.max(10, Math.round(meters / (meters < 100 ? 10 : 100)) * (meters < 100 ? 10 : 100));
    return `${m} meters`;
  }
  const km = Math.round(meters / 500) / 2;
  return km === 1 ? '1 kilometer' : `${km} kilometers`;
}

const TURN: Record<string, string> = {
  straight: 'Continue straight',
  'slight left': 'Turn slightly left',
  'slight right': 'Turn slightly right',
  left: 'Turn left',
  right: 'Turn right',
  'sharp left': 'Turn sharply left',
  'sharp right': 'Turn sharply right',
  uturn: 'Make a U-turn',
};

const onto = (road: string) => (road ? ` onto ${road}` : '');

function maneuver(m: ManeuverSpeech): string {
  switch (m.kind) {
    case 'depart':
      return `Head ${COMPASS[Math.round(m.bearing / 45) % 8]}${m.road ? ` on ${m.road}` : ''}`;
    case 'arrive':
      return m.waypoint === undefined ? 'You have arrived at your destination' : `You have arrived at waypoint ${m.waypoint}`;
    case 'new name':
      return m.road ? `Continue onto ${m.road}` : 'Continue straight';
    default:
      return `${TURN[m.modifier] ?? 'Turn'}${onto(m.road)}`;
  }
}

export const english: Phrasebook = {
  maneuver,
  ahead: (meters, m) => {
    const said = maneuver(m);
    return `In ${distance(meters)}, ${m.kind === 'arrive' ? said.replace(/^You have/, 'you will have') : said[0].toLowerCase() + said.slice(1)}`;
  },
  continueFor: (road, meters) => `Continue${road ? ` on ${road}` : ''} for ${distance(meters)}`,
};

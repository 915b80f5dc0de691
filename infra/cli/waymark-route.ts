import { CliError, ok, type Target } from './waymark-api';

// `npx waymark route "lat,lon" "lat,lon" [...]`: one POST /directions/json through the stops,
// printed as a summary and its turn-by-turn steps.

const LAT_LON = /^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*$/;

const km = (m: number) => `${(m / 1000).toFixed(2)} km`;
const minutes = (s: number) => `${Math.round(s / 60)} min`;

export async function route(target: Target, stops: string[], options: { mode?: string; out: (line: string) => void }): Promise<void> {
  if (stops.length < 2) throw new CliError('route needs at least two stops "lat,lon"', true);
  const bad = stops.find((s) => !LAT_LON.test(s));
  if (bad !== undefined) throw new CliError(`"${bad}" is not "lat,lon"`, true);
  const body = {
    origin: stops[0],
    destination: stops[stops.length - 1],
    ...(stops.length > 2 ? { waypoints: stops.slice(1, -1).join('|') } : {}),
    mode: options.mode ?? 'car',
    steps: true,
  };
  const { route: best } = await ok(target, 'POST', '/directions/json', body);
  options.out(`${km(best.distance)}, ${minutes(best.duration)} (${body.mode})`);
  best.legs.forEach((leg: any, i: number) => {
    if (best.legs.length > 1) options.out(`leg ${i + 1}: ${km(leg.distance.value)}, ${minutes(leg.duration.value)}`);
    for (const step of leg.steps) {
      const m = step.maneuver;
      const what = m.maneuver_type === 'depart' || m.maneuver_type === 'arrive' ? m.maneuver_type : `${m.maneuver_type} ${m.modifier}`;
      const distance = step.distance.value > 0 ? ` (${Math.round(step.distance.value)} m)` : '';
      options.out(`  ${what}${step.name ? ` onto ${step.name}` : ''}${distance}`);
    }
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../compat/client';
import { gothenburgClient, refused, releaseNetworks } from './client-session';

// GET /navigation/json through the official client's wire traffic on the Gothenburg demo
// network: the directions route with instructions, voice and banner instructions per step.

const station = '57.70891,11.97462';
const korsvagen = '57.69680,11.98900';
const haga = '57.69870,11.95630';

let client: Client;

beforeAll(async () => ({ client } = await gothenburgClient()));
afterAll(releaseNetworks);

describe('GET /navigation/json', () => {
  it('answers the directions route with guidance on every step', async () => {
    const nav = await client.get('/navigation/json', { origin: station, destination: korsvagen, waypoints: haga });
    const dir = await client.get('/directions/json', { origin: station, destination: korsvagen, waypoints: haga, steps: true });
    expect(nav.status).toBe('Ok');
    const route = nav.routes[0];
    expect(route).toMatchObject({ distance: dir.route.distance, duration: dir.route.duration, geometry: dir.route.geometry });
    expect(route).toMatchObject({ distance_full: route.distance, raw_duration: route.duration, predicted_duration: route.duration });
    expect(route.legs).toHaveLength(2);
    const steps = route.legs.flatMap((l: any) => l.steps);
    expect(steps.length).toBe(dir.route.legs.flatMap((l: any) => l.steps).length);
    expect(steps[0].maneuver.instruction).toMatch(/^Head (north|northeast|east|southeast|south|southwest|west|northwest)/);
    expect(route.legs[0].steps.at(-1).maneuver.instruction).toBe('You have arrived at waypoint 1');
    expect(steps.at(-1).maneuver.instruction).toBe('You have arrived at your destination');
    const turn = steps.find((s: any) => s.maneuver.maneuver_type === 'turn' && s.name);
    expect(turn.maneuver.instruction).toMatch(new RegExp(`^(Turn|Make a U-turn|Continue straight).* onto ${turn.name}$`));
    for (const [k, step] of steps.entries()) {
      expect(step.driving_side).toBe('right');
      expect(step.maneuver.muted).toBe(false);
      expect(step.intersections[0].location).toMatchObject({ latitude: expect.any(Number), longitude: expect.any(Number) });
      for (const v of step.maneuver.voice_instruction) {
        expect(v.unit).toBe('meter');
        expect(v.distance_along_geometry).toBeLessThanOrEqual(step.distance.value + 0.1);
      }
      if (step.maneuver.maneuver_type === 'arrive') continue;
      // the last call before the next maneuver names it, as the next step's instruction does
      const calls = step.maneuver.voice_instruction;
      expect(calls.at(-1).instruction).toBe(steps[k + 1].maneuver.instruction);
      expect(step.banner_instructions[0].distance_along_geometry).toBeCloseTo(step.distance.value, 1);
    }
    const announced = steps.flatMap((s: any) => s.maneuver.voice_instruction.map((v: any) => v.instruction));
    expect(announced.some((t: string) => /^In \d+ meters, /.test(t))).toBe(true);
  });

  it('answers another language in English with a warning, and alternatives as routes', async () => {
    const nav = await client.get('/navigation/json', {
      origin: station,
      destination: korsvagen,
      lang: 'sv',
      alternatives: true,
      altcount: 2,
    });
    expect(nav.warning).toEqual([expect.stringContaining('lang: instructions are written in English only')]);
    expect(nav.routes.length).toBeGreaterThanOrEqual(2);
    expect(nav.routes[1].legs[0].steps[0].maneuver.instruction).toMatch(/^Head /);
    expect((await client.get('/navigation/json', { origin: station, destination: korsvagen, lang: 'en-GB' })).warning).toBeUndefined();
  });

  it('refuses a missing point or a shape with a 400 naming the field', async () => {
    expect(JSON.stringify((await refused(client.get('/navigation/json', { origin: station }))).body)).toContain('destination');
    const shape = await refused(
      client.get('/navigation/json', { origin: station, destination: korsvagen, original_shape: 'abc', original_shape_type: 'polyline' }),
    );
    expect(shape.status).toBe(400);
    expect(JSON.stringify(shape.body)).toContain('original_shape');
  });
});

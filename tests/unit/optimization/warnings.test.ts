import { describe, expect, it } from 'vitest';
import { optimizationRequestSchema, reOptimizationSchema } from '../../../shared/optimization/schemas';
import { validateProblem } from '../../../shared/optimization/validate';
import { problemWarnings, reOptimizationWarnings } from '../../../shared/optimization/warnings';
import { parseWith } from '../../../shared/platform/validate';

// Nothing dropped silently: every client field Waymark accepts without acting on it, every enum
// value it cannot map and every field nobody declares is named in `warnings`.

type Problem = Record<string, any>;

function base(): Problem {
  return {
    locations: { location: ['57.70,11.97', '57.71,11.96', '57.72,11.99', '57.69,11.98'] },
    vehicles: [
      { id: 'van-1', location: { lat: 57.7, lon: 11.97 }, capacity: [5] },
      { id: 'van-2', start_index: 0, capacity: [5] },
    ],
    jobs: [
      { id: 'a', location_index: 1, delivery: [1] },
      { id: 'b', location_index: 2, pickup: [1] },
    ],
    shipments: [{ pickup: { id: 'p', location_index: 2 }, delivery: { id: 'd', location_index: 3 }, amount: [1] }],
  };
}

function warningsOf(mutate: (p: Problem) => void): string[] {
  const p = base();
  mutate(p);
  const { request, locations } = validateProblem(parseWith(optimizationRequestSchema, p, 'body'), { selfHosts: [] });
  return problemWarnings(request, locations);
}

const unhonoured: [string, (p: Problem) => void][] = [
  ['jobs[].follow_lifo_order', (p) => (p.jobs[0].follow_lifo_order = true)],
  ['vehicles[].volume.alignment', (p) => (p.vehicles[0].volume = { alignment: 'strict', depth: 1, height: 1, width: 1 })],
  ['vehicles[].attributes', (p) => (p.vehicles[0].attributes = { driver: 'ann' })],
  ['vehicles[].priority', (p) => (p.vehicles[0].priority = 3)],
  ['vehicles[].remaining_waypoints', (p) => (p.vehicles[0].remaining_waypoints = [{ lat: 57.71, lon: 11.96 }])],
  ['vehicles[].restricted_zones', (p) => (p.vehicles[0].restricted_zones = [3])],
  ['depots[].throughput', (p) => (p.depots = [{ id: 'd1', location_index: 0, throughput: 2 }])],
  ['options.grouping.proximity_factor', (p) => (p.options = { grouping: { proximity_factor: 0.5 } })],
  ['options.grouping.route_grouping', (p) => (p.options = { grouping: { route_grouping: { penalty_factor: 2 } } })],
  ['options.objective.solver_mode', (p) => (p.options = { objective: { solver_mode: 'internal' } })],
  ['options.routing.allow', (p) => (p.options = { routing: { allow: ['taxi'] } })],
  ['options.routing.context', (p) => (p.options = { routing: { context: 'avgspeed' } })],
  ['options.routing.cross_border', (p) => (p.options = { routing: { cross_border: false } })],
  ['options.routing.hazmat_type', (p) => (p.options = { routing: { hazmat_type: ['explosive'] } })],
  ['options.routing.truck_axle_load', (p) => (p.options = { routing: { truck_axle_load: 10 } })],
  [
    'options.routing.profiles.*.truck_size',
    (p) => (p.options = { routing: { profiles: { big: { mode: 'truck', truck_size: '300,250,1200' } } } }),
  ],
];

describe('problem warnings', () => {
  it('say nothing about a problem Waymark honours in full', () => {
    expect(warningsOf(() => undefined)).toEqual([]);
  });

  it('say nothing about the vehicle costs Waymark counts (fixed, per_hour, per_km, per_order)', () => {
    expect(warningsOf((p) => (p.vehicles[0].costs = { fixed: 5, per_hour: 30, per_km: 2, per_order: 3 }))).toEqual([]);
  });

  it('say nothing about deadhead limits and penalties (honoured)', () => {
    const deadhead = (p: Problem) => {
      p.vehicles[0].max_deadhead_distance = 5000;
      p.vehicles[0].max_deadhead_duration = 600;
      p.vehicles[0].costs = { deadhead_distance_penalty: 2, deadhead_duration_penalty: 3 };
    };
    expect(warningsOf(deadhead)).toEqual([]);
  });

  it('say nothing about min_stop_load and its penalties (honoured)', () => {
    const minimum = (p: Problem) => {
      p.vehicles[0].min_stop_load = [2];
      p.vehicles[0].costs = { min_stop_load_fixed_penalty: 10, min_stop_load_unit_penalty: [3] };
    };
    expect(warningsOf(minimum)).toEqual([]);
  });

  it('say nothing about a split job (honoured), and name a split job that is served whole', () => {
    expect(warningsOf((p) => (p.jobs[0].split = { can_be_split: true, max_split: 2, quant: 25 }))).toEqual([]);
    const item = warningsOf((p) => {
      p.jobs[0].split = { can_be_split: true };
      p.jobs[0].volume = { width: 1, height: 1, depth: 1 };
    });
    expect(item).toEqual(['jobs[0].split: a job with volume is one item and is served whole']);
    const related = warningsOf((p) => {
      p.jobs[0].split = { can_be_split: true };
      p.relations = [
        {
          type: 'in_same_route',
          steps: [
            { type: 'job', id: 'a' },
            { type: 'job', id: 'b' },
          ],
        },
      ];
    });
    expect(related).toEqual(['jobs[0].split: a job in a relation is served whole']);
  });

  it('say nothing about depot choice (honoured), but name end depots whose opening hours are not applied', () => {
    const choice = (hours: boolean) => (p: Problem) => {
      p.depots = [
        { id: 'w', location_index: 0, ...(hours ? { time_windows: [[0, 100]] } : {}) },
        { id: 'e', location_index: 3 },
      ];
      p.vehicles[0] = { id: 'van-1', start_depot_ids: ['w', 'e'], end_depot_ids: ['w', 'e'], max_depot_runs: 2 };
      p.vehicles[1] = { id: 'van-2', depot: 'w', end_index: 0 };
      p.jobs[0].depot_ids = ['e'];
    };
    expect(warningsOf(choice(false))).toEqual([]);
    const located = (p: Problem) => {
      choice(false)(p);
      p.vehicles[0].location = { lat: 57.7, lon: 11.97 };
    };
    expect(warningsOf(located)).toEqual([
      'vehicles[0].location: ignored, the vehicle starts at the one of its start depots the optimizer picks',
    ]);
    expect(warningsOf(choice(true))).toEqual([
      "vehicles[].end_depot_ids: a depot's time_windows are not applied where a route ends (the vehicle's time_window bounds its arrival)",
    ]);
  });

  it('say nothing about alternative_capacities (honoured)', () => {
    expect(warningsOf((p) => (p.vehicles[0].alternative_capacities = [[p.vehicles[0].capacity?.[0] ?? 1]]))).toEqual([]);
  });

  for (const [field, mutate] of unhonoured) {
    it(`name ${field} as accepted but not honoured`, () => {
      const warnings = warningsOf(mutate);
      expect(warnings.filter((w) => w.startsWith(`${field}: accepted but not honoured yet (`))).toHaveLength(1);
    });
  }

  it('name max_depot_runs only on a vehicle that starts at no depot (reloads happen at the start depot)', () => {
    const runs = (w: string[]) => w.filter((x) => x.startsWith('vehicles[].max_depot_runs: accepted but not honoured ('));
    expect(runs(warningsOf((p) => (p.vehicles[0].max_depot_runs = 3)))).toHaveLength(1);
    const atDepot = warningsOf((p) => {
      p.depots = [{ id: 'dep', location_index: 0 }];
      p.vehicles[1].max_depot_runs = 3;
    });
    expect(runs(atDepot)).toEqual([]);
    // The first vehicle's location is location 0, so it starts at the depot too.
    const both = warningsOf((p) => {
      p.depots = [{ id: 'dep', location_index: 0 }];
      p.vehicles[0].max_depot_runs = 2;
      p.vehicles[1].max_depot_runs = 3;
    });
    expect(runs(both)).toEqual([]);
    expect(runs(warningsOf((p) => (p.vehicles[1].max_depot_runs = 2)))).toHaveLength(1);
  });

  it('stay silent for the values that are what Waymark does anyway, and for empty lists', () => {
    for (const mutate of [
      (p: Problem) => (p.options = { objective: { allow_early_arrival: true, minimise_num_depots: false, solver_mode: 'flexible' } }),
      (p: Problem) => (p.options = { objective: { allow_early_arrival: false, solver_mode: 'fast' } }),
      (p: Problem) => (p.existing_solution_id = 'earlier'),
      (p: Problem) => Object.assign(p.vehicles[0], { max_depot_runs: 1, max_stops: 4, speed_factor: 1.5 }),
      (p: Problem) => (p.vehicles[0].layover_config = { max_continuous_time: 14400, layover_duration: 1800, include_service_time: true }),
      (p: Problem) =>
        (p.vehicles[0].shifts = [
          [0, 14400],
          [18000, 32400],
        ]),
      (p: Problem) => (p.options = { grouping: { order_grouping: { grouping_diameter: 200 } } }),
      (p: Problem) => {
        p.depots = [{ id: 'dep', location_index: 0 }];
        p.jobs[0].depot_ids = ['dep'];
        p.options = { objective: { minimise_num_depots: true } };
      },
      (p: Problem) => {
        p.zones = [{ id: 1 }];
        p.vehicles[0].zones = [1];
        p.jobs[0] = { ...p.jobs[0], zones: [1], revenue: 5, outsourcing_cost: 9, load_types: ['a'], incompatible_load_types: ['b'] };
        p.jobs[1] = { ...p.jobs[1], max_visit_lateness: 60, sequence_order: 2 };
        p.shipments[0] = { ...p.shipments[0], follow_lifo_order: true, revenue: 3, outsourcing_cost: 3, zones: ['1'] };
        p.shipments[0].pickup.sequence_order = 1;
        p.shipments[0].delivery.max_visit_lateness = 30;
        p.vehicles[1].volume = { width: 2, height: 2, depth: 2 };
        p.jobs[1].volume = { width: 1, height: 1, depth: 1, alignment: 'parallel' };
      },
      (p: Problem) =>
        (p.options = { routing: { cross_border: true, disable_cache: true, avoid: ['toll', 'none ', 'bbox: 57.70,11.90,57.80,12.00'] } }),
      (p: Problem) => ((p.depots = []), (p.zones = [])),
      (p: Problem) => (p.options = { routing: { profiles: { big: { mode: 'truck' } } } }),
      (p: Problem) => {
        p.depots = [{ id: 'dep', location_index: 0, service: 60, time_windows: [[0, 100]] }];
        p.jobs[0].joint_order = 1;
        p.shipments[0].joint_order = 1;
        p.locations.approaches = ['curb', '', 'unrestricted', 'curb'];
        p.zones = [
          { id: 1, geofence_id: 'g' },
          {
            id: 2,
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [11.9, 57.6],
                  [12.0, 57.6],
                  [12.0, 57.8],
                  [11.9, 57.6],
                ],
              ],
            },
          },
        ];
        p.options = { routing: { avoid: ['service_road'] } };
      },
    ])
      expect(warningsOf(mutate)).toEqual([]);
  });

  it('count a field once per pattern, however many tasks carry it', () => {
    const warnings = warningsOf((p) => p.vehicles.forEach((v: Problem) => (v.priority = 5)));
    expect(warnings).toEqual([expect.stringMatching(/^vehicles\[\]\.priority: accepted but not honoured yet \(.*\) \(given 2 times\)$/)]);
  });

  it('name avoid values that map to nothing Waymark does', () => {
    const warnings = warningsOf((p) => (p.options = { routing: { avoid: ['toll', 'left_turn', 'uturn', 'bbox', 'tunnel', 'bridge'] } }));
    expect(warnings).toEqual([
      'options.routing.avoid: "bbox" without coordinates avoids nothing; give "bbox: minLat,minLon,maxLat,maxLon"',
      'options.routing.avoid: "bridge" is not honoured (toll, highway, ferry, service_road, tunnel, bbox and the turn kinds uturn, sharp_turn, left_turn, right_turn are)',
    ]);
  });

  it('name fields neither the spec nor the client declares, at any depth', () => {
    const warnings = warningsOf((p) => {
      p.priority_mode = 'x';
      p.vehicles.forEach((v: Problem) => (v.loading_bay = 3));
      p.shipments[0].pickup.door = 'back';
      p.options = { objective: { travel_cost: 'distance', greedy: true } };
    });
    expect(warnings.sort()).toEqual(
      [
        'priority_mode: not a known field; ignored',
        'vehicles[].loading_bay: not a known field; ignored (given 2 times)',
        'shipments[].pickup.door: not a known field; ignored',
        'options.objective.greedy: not a known field; ignored',
      ].sort(),
    );
  });

  it('name the ids of an earlier plan that the problem lacks, and its recomputed figures', () => {
    const warnings = warningsOf((p) => {
      p.solution = [
        {
          vehicle: 'van-1',
          cost: 9,
          steps: [
            { type: 'job', id: 'a', arrival: 5 },
            { type: 'job', id: 'zz', arrival: 6 },
          ],
        },
        { vehicle: 'ghost', steps: [] },
      ];
      p.unassigned = {
        jobs: ['b', 'nope'],
        shipments: [
          ['p', 'd'],
          ['x', 'y'],
        ],
      };
    });
    expect(warnings).toEqual([
      'solution[0].steps[1].id: unknown job id "zz"; step ignored',
      'solution[1].vehicle: unknown vehicle id "ghost"; route ignored',
      'solution[]: the earlier plan gives the search its vehicles and step order; cost, arrival are recomputed',
      'unassigned.jobs[1]: unknown job id "nope"; ignored',
      'unassigned.shipments[1]: no shipment has these ids; ignored',
    ]);
  });

  it('name a vehicle location that start_index overrides', () => {
    expect(warningsOf((p) => (p.vehicles[0].start_index = 0))).toEqual([]); // the same point
    expect(warningsOf((p) => (p.vehicles[0].start_index = 2))).toEqual([
      'vehicles[0].location: ignored, the vehicle starts at start_index 2',
    ]);
  });
});

describe('re-optimization warnings', () => {
  it('name unknown fields of the body, leaving added and modified items to the problem warnings', () => {
    const body = parseWith(
      reOptimizationSchema,
      {
        existing_request_id: 'x',
        mode: 'quick',
        job_changes: { add: [{ id: 'n', location_index: 0, colour: 'red' }], remove: [{ id: 'a', reason: 'cancelled' }] },
        vehicle_changes: { modify: { id: 'van-1', seats: 2 } },
      },
      'body',
    );
    expect(reOptimizationWarnings(body).sort()).toEqual(
      ['job_changes.remove[].reason: not a known field; ignored', 'mode: not a known field; ignored'].sort(),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/platform/errors';
import { bboxPerimeterKm, maxProfiles, parseAvoidBox, validateProblem } from '../../../shared/optimization/validate';
import { optimizationRequestSchema } from '../../../shared/optimization/schemas';
import { parseWith } from '../../../shared/platform/validate';
import { localSelfHosts } from '../../../shared/webhooks/url';

// Validation tables: one row per validation rule (schema and whole-problem rules).

type Problem = Record<string, any>;

function base(): Problem {
  return {
    locations: { location: ['57.70,11.97', '57.71,11.96', '57.72,11.99', '57.69,11.98'] },
    vehicles: [
      { id: 1, start_index: 0, end_index: 0, capacity: [10, 5], skills: [1, 2] },
      { id: 2, start_index: 0, capacity: [4, 4] },
    ],
    jobs: [
      { id: 1, location_index: 1, delivery: [2, 1], skills: [1] },
      { id: 2, location_index: 2, pickup: [1, 1] },
    ],
    shipments: [{ pickup: { id: 7, location_index: 1 }, delivery: { id: 7, location_index: 3 }, amount: [1, 1] }],
  };
}

function check(
  mutate: (p: Problem) => void,
  selfHosts: string[] = ['api.example.com', ...localSelfHosts()],
): { status: number; message: string; field?: string } {
  const p = base();
  mutate(p);
  try {
    validateProblem(parseWith(optimizationRequestSchema, p, 'body'), { selfHosts });
    return { status: 200, message: '' };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, message: error.message, field: error.field };
  }
}

const square = (n: number, v = 1) => Array.from({ length: n }, () => Array(n).fill(v));
const locs = (n: number) => Array.from({ length: n }, (_, i) => `${(50 + i * 0.001).toFixed(4)},10`);

interface Row {
  rule: string;
  mutate: (p: Problem) => void;
  status: number;
  /** Expected "<field>: <rule>" fragment. */
  message?: RegExp;
  field?: string;
}

/** vehicles[].start_depot_ids / end_depot_ids / depot: declared ids, one start and one end. */
function depotChoiceRows(): Row[] {
  const depots = (p: Problem) =>
    (p.depots = [
      { id: 'w', location_index: 0 },
      { id: 'e', location_index: 3 },
    ]);
  const chooser = (p: Problem, v: Problem) => {
    depots(p);
    p.vehicles[1] = { id: 2, capacity: [4, 4], ...v };
  };
  return [
    { rule: 'depot choice accepted', mutate: (p) => chooser(p, { start_depot_ids: ['w', 'e'], end_depot_ids: ['e'] }), status: 200 },
    { rule: 'single depot accepted', mutate: (p) => chooser(p, { depot: 'e', end_index: 0 }), status: 200 },
    {
      rule: 'start depot ids declared',
      mutate: (p) => chooser(p, { start_depot_ids: ['w', 'x'] }),
      status: 400,
      field: 'vehicles[1].start_depot_ids[1]',
      message: /vehicles\[1\]\.start_depot_ids\[1\]: unknown depot id "x" \(not in depots\)/,
    },
    {
      rule: 'end depot ids declared',
      mutate: (p) => chooser(p, { end_depot_ids: ['x'] }),
      status: 400,
      field: 'vehicles[1].end_depot_ids[0]',
    },
    { rule: 'single depot declared', mutate: (p) => chooser(p, { depot: 'x' }), status: 400, field: 'vehicles[1].depot' },
    {
      rule: 'start depot list not empty',
      mutate: (p) => chooser(p, { start_depot_ids: [] }),
      status: 400,
      field: 'vehicles[1].start_depot_ids',
    },
    {
      rule: 'start depots not beside start_index',
      mutate: (p) => chooser(p, { start_index: 0, start_depot_ids: ['w'] }),
      status: 400,
      field: 'vehicles[1].start_depot_ids',
      message: /cannot be combined with start_index/,
    },
    {
      rule: 'start depots win over a location (warned)',
      mutate: (p) => chooser(p, { location: { lat: 50, lon: 10 }, depot: 'w' }),
      status: 200,
    },
    {
      rule: 'depot not beside start_depot_ids',
      mutate: (p) => chooser(p, { depot: 'w', start_depot_ids: ['e'] }),
      status: 400,
      field: 'vehicles[1].depot',
    },
    {
      rule: 'end depots not beside end_index',
      mutate: (p) => chooser(p, { end_index: 0, end_depot_ids: ['w'] }),
      status: 400,
      field: 'vehicles[1].end_depot_ids',
    },
    {
      rule: 'shifts start at a chosen depot',
      mutate: (p) => chooser(p, { start_depot_ids: ['w', 'e'], shifts: [[0, 100]] }),
      status: 200,
    },
  ];
}

const rows: Row[] = [
  // Structure (zod schema).
  { rule: 'locations required', mutate: (p) => delete p.locations, status: 400, field: 'locations', message: /^locations: is required/ },
  {
    rule: 'at least one location',
    mutate: (p) => (p.locations.location = []),
    status: 400,
    message: /locations\.location: must have at least 1 items/,
  },
  {
    rule: 'at most 4000 locations',
    mutate: (p) => (p.locations.location = locs(4001)),
    status: 400,
    message: /locations\.location: must have at most 4000 items/,
  },
  { rule: 'vehicles required', mutate: (p) => delete p.vehicles, status: 400, message: /^vehicles: is required/ },
  { rule: 'at least one vehicle', mutate: (p) => (p.vehicles = []), status: 400, message: /vehicles: must have at least 1 items/ },
  { rule: 'ids are integers', mutate: (p) => (p.jobs[0].id = 1.5), status: 400, field: 'jobs[0].id' },
  { rule: 'max_stops is a whole number', mutate: (p) => (p.vehicles[0].max_stops = -1), status: 400, field: 'vehicles[0].max_stops' },
  { rule: 'speed_factor is positive', mutate: (p) => (p.vehicles[0].speed_factor = 0), status: 400, field: 'vehicles[0].speed_factor' },
  {
    rule: 'shifts in order',
    mutate: (p) =>
      (p.vehicles[0].shifts = [
        [1000, 2000],
        [1500, 3000],
      ]),
    status: 400,
    field: 'vehicles[0].shifts[1]',
  },
  {
    rule: 'a shift starts before it ends',
    mutate: (p) => (p.vehicles[0].shifts = [[2000, 1000]]),
    status: 400,
    field: 'vehicles[0].shifts[0]',
  },
  {
    rule: 'shifts are runs, not beside max_depot_runs',
    mutate: (p) => Object.assign(p.vehicles[0], { shifts: [[0, 100]], max_depot_runs: 2 }),
    status: 400,
    field: 'vehicles[0].max_depot_runs',
  },
  {
    rule: 'layover_config names its limit',
    mutate: (p) => (p.vehicles[0].layover_config = { layover_duration: 600 }),
    status: 400,
    field: 'vehicles[0].layover_config.max_continuous_time',
  },
  {
    rule: 'a layover lasts a while',
    mutate: (p) => (p.vehicles[0].layover_config = { max_continuous_time: 3600, layover_duration: 0 }),
    status: 400,
    field: 'vehicles[0].layover_config.layover_duration',
  },
  {
    rule: 'location_index required',
    mutate: (p) => delete p.jobs[0].location_index,
    status: 400,
    message: /jobs\[0\]\.location_index: is required/,
  },
  {
    rule: 'priority at most 100',
    mutate: (p) => (p.jobs[0].priority = 101),
    status: 400,
    message: /jobs\[0\]\.priority: must be at most 100/,
  },
  {
    rule: 'priority at least 0',
    mutate: (p) => (p.shipments[0].priority = -1),
    status: 400,
    message: /shipments\[0\]\.priority: must be at least 0/,
  },
  { rule: 'service non-negative', mutate: (p) => (p.jobs[0].service = -5), status: 400, message: /jobs\[0\]\.service: must be at least 0/ },
  {
    rule: 'amounts non-negative integers',
    mutate: (p) => (p.jobs[0].delivery = [1, -1]),
    status: 400,
    message: /jobs\[0\]\.delivery\[1\]: must be at least 0/,
  },
  { rule: 'time window is a pair', mutate: (p) => (p.jobs[0].time_windows = [[1, 2, 3]]), status: 400, field: 'jobs[0].time_windows[0]' },
  {
    rule: 'relation type',
    mutate: (p) => (p.relations = [{ type: 'sometimes', steps: [{ type: 'job', id: 1 }] }]),
    status: 400,
    message: /relations\[0\]\.type: must be one of/,
  },
  {
    rule: 'relation step type',
    mutate: (p) => (p.relations = [{ type: 'in_same_route', steps: [{ type: 'depot', id: 1 }] }]),
    status: 400,
    message: /relations\[0\]\.steps\[0\]\.type/,
  },
  {
    rule: 'truck_weight at most 100000 kg',
    mutate: (p) => (p.options = { routing: { truck_weight: 100001 } }),
    status: 400,
    message: /options\.routing\.truck_weight: must be at most 100000/,
  },
  {
    rule: 'webhook events',
    mutate: (p) => (p.options = { webhook: { url: 'https://h.example/x', events: ['JOB_EXPLODED'] } }),
    status: 400,
    message: /options\.webhook\.events\[0\]: must be one of/,
  },
  {
    rule: 'webhook timeout 1..60',
    mutate: (p) => (p.options = { webhook: { url: 'https://h.example/x', timeout: 61 } }),
    status: 400,
    message: /options\.webhook\.timeout: must be at most 60/,
  },
  {
    rule: 'solving_time_limit positive',
    mutate: (p) => (p.options = { objective: { solving_time_limit: 0 } }),
    status: 400,
    message: /solving_time_limit: must be at least 1/,
  },
  {
    rule: 'travel_cost values',
    mutate: (p) => (p.options = { objective: { travel_cost: 'cheapest' } }),
    status: 400,
    message: /options\.objective\.travel_cost: must be one of/,
  },
  { rule: 'depots accepted (warned, not honoured)', mutate: (p) => (p.depots = [{ id: 'd1', location_index: 0 }]), status: 200 },
  {
    rule: 'depot ids unique',
    mutate: (p) =>
      (p.depots = [
        { id: 'd1', location_index: 0 },
        { id: 'd1', location_index: 1 },
      ]),
    status: 400,
    message: /depots\[1\]\.id: duplicate depot id "d1"/,
  },
  {
    rule: 'depot location_index',
    mutate: (p) => (p.depots = [{ id: 'd1', location_index: 4 }]),
    status: 400,
    field: 'depots[0].location_index',
  },
  ...depotChoiceRows(),
  {
    rule: 'matrix must be an array',
    mutate: (p) => (p.duration_matrix = 'x'),
    status: 400,
    message: /duration_matrix: must be an array of rows/,
  },
  {
    rule: 'break needs time windows',
    mutate: (p) => (p.vehicles[0].breaks = [{ id: 1, service: 10 }]),
    status: 400,
    message: /vehicles\[0\]\.breaks\[0\]\.time_windows: is required/,
  },

  // Locations and counts.
  {
    rule: 'location is "lat,lon"',
    mutate: (p) => (p.locations.location[1] = '57.7;11.9'),
    status: 400,
    message: /locations\.location\[1\]: must be "lat,lon"/,
  },
  { rule: 'latitude range', mutate: (p) => (p.locations.location[2] = '91,11'), status: 400, field: 'locations.location[2]' },
  { rule: 'longitude range', mutate: (p) => (p.locations.location[2] = '45,-181'), status: 400, field: 'locations.location[2]' },
  {
    rule: 'at least one task',
    mutate: (p) => (delete p.jobs, delete p.shipments),
    status: 400,
    message: /^jobs: at least one job or shipment is required/,
  },
  {
    rule: 'at most 4000 tasks (jobs + 2 x shipments)',
    mutate: (p) => {
      p.jobs = Array.from({ length: 3001 }, (_, i) => ({ id: i, location_index: 1 }));
      p.shipments = Array.from({ length: 500 }, (_, i) => ({ pickup: { id: i, location_index: 1 }, delivery: { location_index: 2 } }));
      p.vehicles = [{ id: 1, start_index: 0 }];
    },
    status: 400,
    message: /jobs: at most 4000 tasks, counted as jobs \+ 2 x shipments \(got 4001\)/,
  },
  {
    rule: 'at most 4000 jobs in the array itself',
    mutate: (p) => (p.jobs = Array.from({ length: 4001 }, (_, i) => ({ id: i, location_index: 1 }))),
    status: 400,
    message: /^jobs: must have at most 4000 items/,
  },
  {
    rule: 'at most 4000 vehicles (20,000 refused)',
    mutate: (p) => (p.vehicles = Array.from({ length: 20_000 }, (_, i) => ({ id: i, start_index: 0 }))),
    status: 400,
    field: 'vehicles',
    message: /^vehicles: must have at most 4000 items$/,
  },
  {
    rule: '4000 vehicles exactly is fine',
    mutate: (p) => (p.vehicles = Array.from({ length: 4000 }, (_, i) => ({ id: i, start_index: 0 }))),
    status: 200,
  },
  {
    rule: 'at most 50 breaks per vehicle',
    mutate: (p) => (p.vehicles[0].breaks = Array.from({ length: 51 }, (_, i) => ({ id: i, time_windows: [[0, 10]] }))),
    status: 400,
    message: /^vehicles\[0\]\.breaks: must have at most 50 items$/,
  },
  {
    rule: 'at most 4000 breaks over all vehicles',
    mutate: (p) =>
      (p.vehicles = Array.from({ length: 81 }, (_, v) => ({
        id: v,
        start_index: 0,
        breaks: Array.from({ length: 50 }, (_, i) => ({ id: i, time_windows: [[0, 10]] })),
      }))),
    status: 400,
    message: /^vehicles: at most 4000 breaks over all vehicles \(got 4050\)$/,
  },
  {
    rule: 'at most 100 time windows per list',
    mutate: (p) => {
      p.jobs[0].time_windows = Array.from({ length: 101 }, (_, i) => [i, i + 1]);
      p.shipments[0].delivery.time_windows = Array.from({ length: 101 }, (_, i) => [i, i + 1]);
      p.vehicles[0].breaks = [{ id: 1, time_windows: Array.from({ length: 101 }, (_, i) => [i, i + 1]) }];
    },
    status: 400,
    message:
      /vehicles\[0\]\.breaks\[0\]\.time_windows: must have at most 100 items; jobs\[0\]\.time_windows: must have at most 100 items; shipments\[0\]\.delivery\.time_windows: must have at most 100 items/,
  },
  {
    rule: 'at most 4000 relations',
    mutate: (p) => (p.relations = Array.from({ length: 4001 }, () => ({ type: 'in_same_route', steps: [{ type: 'job', id: 1 }] }))),
    status: 400,
    message: /^relations: must have at most 4000 items$/,
  },
  {
    rule: 'at most 4002 steps in a relation',
    mutate: (p) => (p.relations = [{ type: 'in_same_route', steps: Array.from({ length: 4003 }, () => ({ type: 'job', id: 1 })) }]),
    status: 400,
    message: /^relations\[0\]\.steps: must have at most 4002 items$/,
  },
  {
    rule: 'an earlier plan of at most 4000 routes',
    mutate: (p) => (p.solution = Array.from({ length: 4001 }, () => ({ vehicle: 1, steps: [] }))),
    status: 400,
    message: /^solution: must have at most 4000 items$/,
  },
  {
    rule: 'an earlier-plan route of at most 4250 steps',
    mutate: (p) => (p.solution = [{ vehicle: 1, steps: Array.from({ length: 4251 }, () => ({ type: 'job', id: 1 })) }]),
    status: 400,
    message: /^solution\[0\]\.steps: must have at most 4250 items$/,
  },
  {
    rule: 'vehicle locations outside locations count towards the 4000',
    mutate: (p) => {
      p.locations.location = locs(3999);
      p.vehicles = [
        { id: 1, location: { lat: 10, lon: 10 } },
        { id: 2, location: { lat: 10, lon: 10 } }, // the same point: one more location, not two
        { id: 3, location: { lat: 11, lng: 10 } },
        { id: 4, start_index: 0, location: { lat: 12, lon: 10 } }, // start_index wins: not routed from there
      ];
    },
    status: 400,
    message: /^vehicles: at most 4000 locations counting the vehicle locations that are not among locations\.location \(got 4001\)/,
  },
  {
    rule: 'a vehicle location among the locations adds none',
    mutate: (p) => {
      p.locations.location = [...locs(3999), '10,10'];
      p.vehicles = [{ id: 1, location: { lat: 10, lon: 10 } }];
    },
    status: 200,
  },
  {
    rule: '4000 tasks exactly is fine',
    mutate: (p) => {
      p.jobs = Array.from({ length: 3000 }, (_, i) => ({ id: i, location_index: 1 }));
      p.shipments = Array.from({ length: 500 }, (_, i) => ({ pickup: { id: i, location_index: 1 }, delivery: { location_index: 2 } }));
      p.vehicles = [{ id: 1, start_index: 0 }];
    },
    status: 200,
  },

  // Indices within locations.
  {
    rule: 'vehicle start_index',
    mutate: (p) => (p.vehicles[0].start_index = 4),
    status: 400,
    message: /vehicles\[0\]\.start_index: must be less than the number of locations \(4\)/,
  },
  { rule: 'vehicle end_index', mutate: (p) => (p.vehicles[1].end_index = 10), status: 400, field: 'vehicles[1].end_index' },
  { rule: 'job location_index', mutate: (p) => (p.jobs[1].location_index = 4), status: 400, field: 'jobs[1].location_index' },
  {
    rule: 'shipment pickup location_index',
    mutate: (p) => (p.shipments[0].pickup.location_index = 9),
    status: 400,
    field: 'shipments[0].pickup.location_index',
  },
  {
    rule: 'shipment delivery location_index',
    mutate: (p) => (p.shipments[0].delivery.location_index = 9),
    status: 400,
    field: 'shipments[0].delivery.location_index',
  },

  // Ids unique per kind.
  {
    rule: 'vehicle ids unique',
    mutate: (p) => (p.vehicles[1].id = 1),
    status: 400,
    message: /vehicles\[1\]\.id: duplicate vehicle id 1 \(also vehicles\[0\]\.id\)/,
  },
  { rule: 'job ids unique', mutate: (p) => (p.jobs[1].id = 1), status: 400, message: /jobs\[1\]\.id: duplicate job id 1/ },
  {
    rule: 'shipment ids unique',
    mutate: (p) => p.shipments.push({ pickup: { id: 7, location_index: 2 }, delivery: { location_index: 3 } }),
    status: 400,
    message: /^shipments\[1\]\.pickup\.id: duplicate shipment pickup id 7 \(also shipments\[0\]\.pickup\.id\)$/,
  },
  { rule: 'a job and a shipment may share an id', mutate: (p) => (p.jobs[0].id = 7), status: 200 },
  { rule: 'a delivery may have an id of its own (the client form)', mutate: (p) => (p.shipments[0].delivery.id = 'd-7'), status: 200 },
  {
    rule: 'delivery ids unique',
    mutate: (p) => p.shipments.push({ pickup: { id: 8, location_index: 2 }, delivery: { id: 7, location_index: 3 } }),
    status: 400,
    message: /^shipments\[1\]\.delivery\.id: duplicate shipment delivery id 7 \(also shipments\[0\]\.delivery\.id\)$/,
  },
  { rule: 'ids may be strings', mutate: (p) => (p.jobs[0].id = 'job-a'), status: 200 },
  {
    rule: '"2" and 2 are one id',
    mutate: (p) => (p.jobs[0].id = '2'),
    status: 400,
    message: /jobs\[1\]\.id: duplicate job id 2 \(also jobs\[0\]\.id\)/,
  },
  { rule: 'an empty string is no id', mutate: (p) => (p.vehicles[0].id = ''), status: 400, field: 'vehicles[0].id' },
  { rule: 'delivery id defaults to pickup id', mutate: (p) => delete p.shipments[0].delivery.id, status: 200 },

  // One dimension count everywhere.
  {
    rule: 'capacity vs delivery length',
    mutate: (p) => (p.jobs[0].delivery = [1]),
    status: 400,
    message: /jobs\[0\]\.delivery: must have 2 values like vehicles\[0\]\.capacity/,
  },
  { rule: 'pickup length', mutate: (p) => (p.jobs[1].pickup = [1, 1, 1]), status: 400, field: 'jobs[1].pickup' },
  { rule: 'amount length', mutate: (p) => (p.shipments[0].amount = [1]), status: 400, field: 'shipments[0].amount' },
  { rule: 'capacity length across vehicles', mutate: (p) => (p.vehicles[1].capacity = [4]), status: 400, field: 'vehicles[1].capacity' },
  {
    rule: 'alternative capacity length',
    mutate: (p) => (p.vehicles[0].alternative_capacities = [[10, 5], [3]]),
    status: 400,
    message: /vehicles\[0\]\.alternative_capacities\[1\]: must have 2 values like vehicles\[0\]\.capacity/,
  },
  { rule: 'alternative capacities of the right length', mutate: (p) => (p.vehicles[0].alternative_capacities = [[0, 20]]), status: 200 },

  // Time windows start <= end.
  {
    rule: 'job window start <= end',
    mutate: (p) =>
      (p.jobs[0].time_windows = [
        [0, 10],
        [50, 20],
      ]),
    status: 400,
    message: /jobs\[0\]\.time_windows\[1\]: start \(50\) must not be after end \(20\)/,
  },
  { rule: 'vehicle window', mutate: (p) => (p.vehicles[0].time_window = [100, 0]), status: 400, field: 'vehicles[0].time_window' },
  {
    rule: 'shipment step window',
    mutate: (p) => (p.shipments[0].delivery.time_windows = [[9, 1]]),
    status: 400,
    field: 'shipments[0].delivery.time_windows[0]',
  },
  {
    rule: 'break window',
    mutate: (p) => (p.vehicles[0].breaks = [{ id: 1, time_windows: [[5, 4]] }]),
    status: 400,
    field: 'vehicles[0].breaks[0].time_windows[0]',
  },
  { rule: 'equal start and end is fine', mutate: (p) => (p.jobs[0].time_windows = [[5, 5]]), status: 200 },

  // Matrices.
  { rule: 'request matrices n x n', mutate: (p) => ((p.duration_matrix = square(4)), (p.distance_matrix = square(4))), status: 200 },
  {
    rule: 'matrix rows = locations (no subset)',
    mutate: (p) => (p.duration_matrix = square(3)),
    status: 400,
    message: /duration_matrix: must have 4 rows, one per location \(got 3\); a subset is not allowed/,
  },
  {
    rule: 'matrix row length',
    mutate: (p) => ((p.duration_matrix = square(4)), p.duration_matrix[2].pop()),
    status: 400,
    message: /duration_matrix\[2\]: must have 4 entries/,
  },
  {
    rule: 'matrix non-negative',
    mutate: (p) => ((p.duration_matrix = square(4)), (p.duration_matrix[1][3] = -1)),
    status: 400,
    message: /duration_matrix\[1\]\[3\]: must be a non-negative integer/,
  },
  {
    rule: 'matrix integers',
    mutate: (p) => ((p.duration_matrix = square(4)), (p.duration_matrix[0][1] = 2.5)),
    status: 400,
    field: 'duration_matrix[0][1]',
  },
  {
    rule: 'matrix numbers',
    mutate: (p) => ((p.duration_matrix = square(4)), (p.duration_matrix[0][1] = '3')),
    status: 400,
    field: 'duration_matrix[0][1]',
  },
  {
    rule: 'cost_matrix only with customized',
    mutate: (p) => (p.cost_matrix = square(4)),
    status: 400,
    message: /cost_matrix: is only allowed with options\.objective\.travel_cost "customized"/,
  },
  {
    rule: 'customized requires cost_matrix',
    mutate: (p) => (p.options = { objective: { travel_cost: 'customized' } }),
    status: 400,
    message: /cost_matrix: is required when options\.objective\.travel_cost is "customized"/,
  },
  {
    rule: 'customized with cost_matrix',
    mutate: (p) => ((p.options = { objective: { travel_cost: 'customized' } }), (p.cost_matrix = square(4))),
    status: 200,
  },
  {
    rule: 'cost_matrix n x n',
    mutate: (p) => ((p.options = { objective: { travel_cost: 'customized' } }), (p.cost_matrix = square(5))),
    status: 400,
    field: 'cost_matrix',
  },
  {
    rule: 'distance_matrix requires duration_matrix',
    mutate: (p) => (p.distance_matrix = square(4)),
    status: 400,
    message: /duration_matrix: is required when distance_matrix is given/,
  },

  // Relations.
  {
    rule: 'relation vehicle exists',
    mutate: (p) => (p.relations = [{ type: 'in_same_route', steps: [{ type: 'job', id: 2 }], vehicle: 9 }]),
    status: 400,
    message: /relations\[0\]\.vehicle: unknown vehicle id 9/,
  },
  {
    rule: 'relation job exists',
    mutate: (p) =>
      (p.relations = [
        {
          type: 'in_sequence',
          steps: [
            { type: 'job', id: 1 },
            { type: 'job', id: 99 },
          ],
        },
      ]),
    status: 400,
    message: /relations\[0\]\.steps\[1\]\.id: unknown job id 99/,
  },
  {
    rule: 'relation shipment exists',
    mutate: (p) => (p.relations = [{ type: 'in_sequence', steps: [{ type: 'pickup', id: 99 }] }]),
    status: 400,
    message: /relations\[0\]\.steps\[0\]\.id: unknown shipment pickup id 99/,
  },
  {
    rule: 'relation step id required',
    mutate: (p) => (p.relations = [{ type: 'in_sequence', steps: [{ type: 'job' }] }]),
    status: 400,
    message: /relations\[0\]\.steps\[0\]\.id: is required for a job step/,
  },
  {
    rule: 'a step once per relation',
    mutate: (p) =>
      (p.relations = [
        {
          type: 'in_same_route',
          steps: [
            { type: 'job', id: 1 },
            { type: 'job', id: 2 },
            { type: 'job', id: 1 },
          ],
        },
      ]),
    status: 400,
    message: /relations\[0\]\.steps\[2\]: job 1 appears more than once in this relation/,
  },
  {
    rule: 'start first',
    mutate: (p) => (p.relations = [{ type: 'in_sequence', steps: [{ type: 'job', id: 2 }, { type: 'start' }], vehicle: 2 }]),
    status: 400,
    message: /relations\[0\]\.steps\[1\]: a "start" step must be the first step/,
  },
  {
    rule: 'end last',
    mutate: (p) => (p.relations = [{ type: 'in_sequence', steps: [{ type: 'end' }, { type: 'job', id: 2 }], vehicle: 2 }]),
    status: 400,
    message: /an "end" step must be the last step/,
  },
  {
    rule: 'rule 2: no max_vehicle_overtime with relations',
    mutate: (p) => (
      (p.relations = [
        {
          type: 'in_same_route',
          steps: [
            { type: 'job', id: 1 },
            { type: 'job', id: 2 },
          ],
        },
      ]),
      (p.options = { constraint: { max_vehicle_overtime: 60 } })
    ),
    status: 400,
    message: /options\.constraint\.max_vehicle_overtime: is not available when relations are used \(rule 2\)/,
  },
  {
    rule: 'rule 2: no max_visit_lateness with relations',
    mutate: (p) => (
      (p.relations = [
        {
          type: 'in_same_route',
          steps: [
            { type: 'job', id: 1 },
            { type: 'job', id: 2 },
          ],
        },
      ]),
      (p.options = { constraint: { max_visit_lateness: 60 } })
    ),
    status: 400,
    field: 'options.constraint.max_visit_lateness',
  },
  {
    rule: 'rule 2: soft constraints fine without relations',
    mutate: (p) => (p.options = { constraint: { max_vehicle_overtime: 60, max_visit_lateness: 60 } }),
    status: 200,
  },
  {
    rule: 'rule 3: max_activity_waiting_time only with in_same_route',
    mutate: (p) => (
      (p.relations = [
        {
          type: 'in_sequence',
          steps: [
            { type: 'job', id: 1 },
            { type: 'job', id: 2 },
          ],
        },
      ]),
      (p.options = { constraint: { max_activity_waiting_time: 600 } })
    ),
    status: 400,
    message: /options\.constraint\.max_activity_waiting_time: is only available with an in_same_route relation \(rule 3\)/,
  },
  {
    rule: 'rule 3: not without relations',
    mutate: (p) => (p.options = { constraint: { max_activity_waiting_time: 600 } }),
    status: 400,
    field: 'options.constraint.max_activity_waiting_time',
  },
  {
    rule: 'rule 3: with in_same_route',
    mutate: (p) => (
      (p.relations = [
        {
          type: 'in_same_route',
          steps: [
            { type: 'job', id: 1 },
            { type: 'job', id: 2 },
          ],
        },
      ]),
      (p.options = { constraint: { max_activity_waiting_time: 600 } })
    ),
    status: 200,
  },
  {
    rule: 'rule 4: a vehicle with the skills for all steps (422)',
    mutate: (p) => (
      (p.jobs[1].skills = [3]),
      (p.relations = [
        {
          type: 'in_same_route',
          steps: [
            { type: 'job', id: 1 },
            { type: 'job', id: 2 },
          ],
        },
      ])
    ),
    status: 422,
    field: 'relations[0]',
    message:
      /relations\[0\]: no vehicle has the capacity and skills \(and zones and depot start\) for all steps of this relation \(rule 4\): vehicle 1 lacks skill\(s\) 3/,
  },
  {
    rule: 'rule 4: the named vehicle lacks a skill (422)',
    mutate: (p) =>
      (p.relations = [
        {
          type: 'in_direct_sequence',
          steps: [
            { type: 'job', id: 1 },
            { type: 'job', id: 2 },
          ],
          vehicle: 2,
        },
      ]),
    status: 422,
    message: /vehicle 2 lacks skill\(s\) 1/,
  },
  {
    rule: 'rule 4: capacity for all steps (422)',
    mutate: (p) => {
      p.jobs.push({ id: 3, location_index: 3, delivery: [9, 1] });
      p.relations = [
        {
          type: 'in_same_route',
          steps: [
            { type: 'job', id: 1 },
            { type: 'job', id: 3 },
          ],
        },
      ];
    },
    status: 422,
    message: /vehicle 1 has capacity 10 in dimension 0, the steps need 11/,
  },
  {
    rule: 'rule 4: an alternative capacity may carry the steps',
    mutate: (p) => {
      p.jobs.push({ id: 3, location_index: 3, delivery: [9, 1] });
      p.vehicles[0].alternative_capacities = [[12, 2]];
      p.relations = [
        {
          type: 'in_same_route',
          steps: [
            { type: 'job', id: 1 },
            { type: 'job', id: 3 },
          ],
        },
      ];
    },
    status: 200,
  },
  {
    rule: 'rule 4: a fitting vehicle exists',
    mutate: (p) =>
      (p.relations = [
        {
          type: 'in_same_route',
          steps: [
            { type: 'job', id: 1 },
            { type: 'job', id: 2 },
          ],
        },
      ]),
    status: 200,
  },
  {
    rule: 'rule 5: delivery before pickup',
    mutate: (p) =>
      (p.relations = [
        {
          type: 'in_sequence',
          steps: [
            { type: 'delivery', id: 7 },
            { type: 'pickup', id: 7 },
          ],
        },
      ]),
    status: 400,
    message: /relations\[0\]\.steps\[0\]: the delivery of shipment 7 is placed before its pickup \(rule 5\)/,
  },
  {
    rule: 'rule 5: in direct sequence too',
    mutate: (p) =>
      (p.relations = [
        {
          type: 'in_direct_sequence',
          steps: [
            { type: 'job', id: 2 },
            { type: 'delivery', id: 7 },
            { type: 'pickup', id: 7 },
          ],
        },
      ]),
    status: 400,
    field: 'relations[0].steps[1]',
  },
  {
    rule: 'rule 5: pickup then delivery',
    mutate: (p) =>
      (p.relations = [
        {
          type: 'in_sequence',
          steps: [
            { type: 'pickup', id: 7 },
            { type: 'delivery', id: 7 },
          ],
        },
      ]),
    status: 200,
  },
  {
    rule: 'rule 6: pickup without its delivery',
    mutate: (p) =>
      (p.relations = [
        {
          type: 'in_same_route',
          steps: [
            { type: 'job', id: 2 },
            { type: 'pickup', id: 7 },
          ],
        },
      ]),
    status: 400,
    message: /relations\[0\]\.steps: shipment 7 has its pickup but not its delivery in this relation \(rule 6/,
  },
  {
    rule: 'rule 6: delivery without its pickup',
    mutate: (p) => (p.relations = [{ type: 'pinned', steps: [{ type: 'delivery', id: 7 }], vehicle: 1 }]),
    status: 400,
    message: /has its delivery but not its pickup/,
  },

  // Routing preferences.
  {
    rule: 'truck_size format',
    mutate: (p) => (p.options = { routing: { truck_size: '200,300' } }),
    status: 400,
    message: /options\.routing\.truck_size: must be "height,width,length" in centimetres/,
  },
  {
    rule: 'truck height at most 1000 cm',
    mutate: (p) => (p.options = { routing: { truck_size: '1001,200,800' } }),
    status: 400,
    message: /truck_size: height must be at most 1000 cm/,
  },
  {
    rule: 'truck width at most 5000 cm',
    mutate: (p) => (p.options = { routing: { truck_size: '400,5001,800' } }),
    status: 400,
    message: /width must be at most 5000 cm/,
  },
  {
    rule: 'truck length at most 5000 cm',
    mutate: (p) => (p.options = { routing: { truck_size: [400, 250, 5001] } }),
    status: 400,
    message: /length must be at most 5000 cm/,
  },
  {
    rule: 'truck at the limits',
    mutate: (p) => (p.options = { routing: { mode: 'truck', truck_size: '1000,5000,5000', truck_weight: 100000 } }),
    status: 200,
  },
  {
    rule: 'avoid bbox perimeter at most 500 km',
    mutate: (p) => (p.options = { routing: { avoid: ['toll', 'bbox: 57.0,11.0,59.0,13.0'] } }),
    status: 400,
    message: /options\.routing\.avoid\[1\]: bbox perimeter must be at most 500 km/,
  },
  { rule: 'avoid small bbox', mutate: (p) => (p.options = { routing: { avoid: 'toll|bbox: 57.70,11.90,57.80,12.00' } }), status: 200 },
  {
    rule: "the client's bare avoid 'bbox' (no coordinates) is warned, not refused",
    mutate: (p) => (p.options = { routing: { avoid: ['bbox'] } }),
    status: 200,
  },
  {
    rule: 'avoid bbox format',
    mutate: (p) => (p.options = { routing: { avoid: ['bbox: 57.7,11.9'] } }),
    status: 400,
    message: /a bbox must be given as "bbox: minLat,minLon,maxLat,maxLon"/,
  },
  {
    rule: 'vehicle profile known',
    mutate: (p) => (p.vehicles[0].profile = 'bike'),
    status: 400,
    message: /vehicles\[0\]\.profile: unknown routing profile "bike"/,
  },
  {
    rule: 'declared profile',
    mutate: (p) => ((p.vehicles[0].profile = 'van'), (p.options = { routing: { profiles: { van: { mode: 'car' } } } })),
    status: 200,
  },
  {
    rule: 'profiles: 15 with up to 100 locations',
    mutate: (p) => (p.options = { routing: { profiles: Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`p${i}`, {}])) } }),
    status: 400, // 15 declared + the default car of the vehicles = 16
    message: /options\.routing\.profiles: at most 15 routing profile\(s\) with 4 locations, default included \(got 16\)/,
  },
  {
    rule: 'profiles: 14 declared + default is fine',
    mutate: (p) => (p.options = { routing: { profiles: Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`p${i}`, {}])) } }),
    status: 200,
  },
  {
    rule: 'profiles: 6 with 101..600 locations',
    mutate: (p) => (
      (p.locations.location = locs(101)),
      (p.options = { routing: { profiles: Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`p${i}`, {}])) } })
    ),
    status: 400,
    message: /at most 6 routing profile\(s\) with 101 locations/,
  },
  {
    rule: 'profiles: 2 with 601..1200 locations',
    mutate: (p) => (
      (p.locations.location = locs(700)),
      (p.vehicles[1].profile = 'truck'),
      (p.options = { routing: { profiles: { van: {} } } })
    ),
    status: 400,
    message: /at most 2 routing profile\(s\) with 700 locations/,
  },
  {
    rule: 'profiles: 1 above 1200 locations',
    mutate: (p) => ((p.locations.location = locs(1201)), (p.vehicles[1].profile = 'truck')),
    status: 400,
    message: /at most 1 routing profile\(s\) with 1201 locations/,
  },

  // Webhook URL.
  {
    rule: 'webhook http(s) only',
    mutate: (p) => (p.options = { webhook: { url: 'ftp://h.example/x' } }),
    status: 400,
    message: /options\.webhook\.url: must be an http or https URL/,
  },
  {
    rule: 'webhook absolute URL',
    mutate: (p) => (p.options = { webhook: { url: '/relative' } }),
    status: 400,
    message: /must be an absolute http\(s\) URL/,
  },
  {
    rule: 'webhook not this service',
    mutate: (p) => (p.options = { webhook: { url: 'https://API.example.com:443/hook' } }),
    status: 400,
    message: /options\.webhook\.url: must not point at this service/,
  },
  {
    rule: 'webhook not the local stack',
    mutate: (p) => (p.options = { webhook: { url: 'http://127.0.0.1:3000/optimization/v2' } }),
    status: 400,
    message: /must not point at this service/,
  },
  {
    rule: 'webhook no credentials',
    mutate: (p) => (p.options = { webhook: { url: 'https://u:p@h.example/x' } }),
    status: 400,
    message: /must not carry credentials/,
  },
  {
    rule: 'webhook elsewhere on loopback (private targets not allowed: the deployed default)',
    mutate: (p) => (p.options = { webhook: { url: 'http://127.0.0.1:9999/hook', events: ['JOB_COMPLETED'], timeout: 5 } }),
    status: 400,
    message: /options\.webhook\.url: must not point at a loopback address \(127\.0\.0\.1\)/,
  },
  {
    rule: 'webhook on the metadata address',
    mutate: (p) => (p.options = { webhook: { url: 'http://169.254.169.254/latest/meta-data/' } }),
    status: 400,
    message: /must not point at a link-local address \(169\.254\.169\.254\)/,
  },
];

describe('optimization request validation', () => {
  it('accepts the base problem', () => expect(check(() => undefined).status).toBe(200));

  for (const row of rows) {
    it(`${row.status} ${row.rule}`, () => {
      const res = check(row.mutate);
      expect(res.status, res.message).toBe(row.status);
      if (row.message) expect(res.message).toMatch(row.message);
      if (row.field) expect(res.field).toBe(row.field);
    });
  }

  it('counts vehicles again after the schema: a re-optimization adds to those it keeps', () => {
    const merged = parseWith(optimizationRequestSchema, base(), 'body');
    merged.vehicles = Array.from({ length: 4001 }, (_, i) => ({ id: i, start_index: 0 }));
    expect(() => validateProblem(merged, { selfHosts: [] })).toThrow(/^vehicles: at most 4000 vehicles \(got 4001\)$/);
  });

  it('lists every broken rule at once, the first one in `field`', () => {
    const res = check((p) => {
      p.jobs[0].location_index = 8;
      p.jobs[1].id = 1;
      p.vehicles[0].time_window = [9, 1];
    });
    expect(res.status).toBe(400);
    expect(res.field).toBe('jobs[0].location_index');
    expect(res.message.split('; ')).toHaveLength(3);
  });

  it('a 400 wins over a 422 (fix the input first)', () => {
    const res = check((p) => {
      p.jobs[1].skills = [3];
      p.relations = [
        {
          type: 'in_same_route',
          steps: [
            { type: 'job', id: 1 },
            { type: 'job', id: 2 },
          ],
        },
      ];
      p.jobs[0].priority = 5;
      p.jobs[0].time_windows = [[2, 1]];
    });
    expect(res.status).toBe(400);
  });
});

describe('limits helpers', () => {
  it('profile counts by location count, overlaps in the caller favour', () => {
    expect([1, 100, 101, 600, 601, 1200, 1201, 4000].map(maxProfiles)).toEqual([15, 15, 6, 6, 2, 2, 1, 1]);
  });
  it('bbox perimeter', () => {
    const box = parseAvoidBox('bbox: 0,0,1,1');
    expect(box).not.toBe('malformed');
    expect(bboxPerimeterKm(box as any)).toBeCloseTo(4 * 111.2, 0);
    expect(parseAvoidBox('toll')).toBeNull();
  });
});

// Each unassigned reason code of the solver as the sentence the client shows its users.
import type { UnassignedReason } from '../solver';

export const REASON_SENTENCES: Record<UnassignedReason, string> = {
  skills: 'No vehicle has the skills this task needs.',
  capacity: 'No vehicle has the capacity left for this task.',
  time_window: 'No vehicle can reach this task within its time windows.',
  max_tasks: 'Every vehicle that could serve this task already has its maximum number of tasks.',
  max_stops: 'Every vehicle that could serve this task already makes its maximum number of stops.',
  max_depot_runs: 'Every vehicle that could serve this task already makes its max_depot_runs trips, each loaded to capacity.',
  max_continuous_time:
    "Serving this task would make a vehicle drive (or work) longer than its layover_config's max_continuous_time without a rest, even right after a layover.",
  max_distance: 'Serving this task would take a vehicle past its max_distance.',
  max_travel_time: 'Serving this task would take a vehicle past its travel or working time limit.',
  max_travel_cost: 'Serving this task would take a vehicle past its max_travel_cost.',
  relation: 'The relations this task is in cannot all be met.',
  break: "Serving this task would leave a vehicle's break outside its time windows.",
  unprofitable: 'No route could take this task without breaking a constraint.',
  outsourced: 'Serving this task costs more than its outsourcing_cost and revenue: it is left to be outsourced.',
  depot: 'No vehicle with the skills and zones this task needs starts at one of its depots.',
  volume: "The task's goods fit no compartment of a vehicle that could serve it, the way their alignment allows.",
  grouping: 'The nearby tasks grouped with this one (order_grouping) do not all fit one route.',
  zone: 'No vehicle with the skills this task needs works in its zones.',
  sequence_order: 'No route can take this task in its sequence_order.',
  load_type: 'No route can take this task without carrying load types it is incompatible with.',
  lifo: 'No route can take this shipment in last-in, first-out order.',
  joint_order: 'Not every task of its joint_order could be served, so none of them is.',
  split:
    "This job's goods need more vehicles than its split allows (max_split, or parts below quant percent), or not every part of it could be served, so none is.",
};

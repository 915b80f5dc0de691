// One instance file of any format the benchmark reads, told apart by its opening: TSPLIB (CVRP),
// Cordeau (MDVRP), else Solomon / Li & Lim (convert.ts). Each format brings the distance its
// best-known values are stated in.
import type { SolverMatrices, SolverRequest } from '../../../shared/solver';
import { convert, parseInstance, routeDistance } from './convert';
import { convertCvrp, cvrpDistance, isTsplib, parseCvrp } from './cvrp';
import { convertMdvrp, isCordeauMdvrp, mdvrpDistance, parseMdvrp } from './mdvrp';

type Routes = { steps: { location_index?: number }[] }[];

export interface LoadedInstance {
  kind: 'vrptw' | 'pdptw' | 'cvrp' | 'mdvrp';
  request: SolverRequest;
  matrices: SolverMatrices;
  distance: (routes: Routes) => number;
}

export function loadInstance(text: string, name: string): LoadedInstance {
  if (isTsplib(text)) {
    const inst = parseCvrp(text, name);
    return { kind: 'cvrp', ...convertCvrp(inst), distance: (r) => cvrpDistance(inst, r) };
  }
  if (isCordeauMdvrp(text)) {
    const inst = parseMdvrp(text, name);
    return { kind: 'mdvrp', ...convertMdvrp(inst), distance: (r) => mdvrpDistance(inst, r) };
  }
  const inst = parseInstance(text, name);
  return { kind: inst.kind, ...convert(inst), distance: (r) => routeDistance(inst, r) };
}

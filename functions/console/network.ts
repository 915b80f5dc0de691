import { roadLines } from '../../shared/routing/road-lines';
import { roadNetworks } from '../../shared/routing/loaded-networks';
import { publicHandler } from '../lib/http-handler';

// The loaded road networks as GeoJSON lines, drawn by the console as its basemap.
// Public like the page: it shows the roads the operator loaded, nothing of a space.
export const handler = publicHandler({
  name: 'console.network',
  run: async () => roadLines(roadNetworks().list()),
});

import 'leaflet/dist/leaflet.css';
import './style.css';
import L from 'leaflet';
import { byId, saveKey, savedKey, show, takeKeyFromUrl } from './api';
import { drawBasemap } from './basemap';
import { setupDispatch } from './dispatch';
import { setupGeofences } from './geofences';
import { setupLayers } from './layers';
import { setupLive } from './live';
import { setupOptimization } from './optimize';
import { setupRestrictions } from './restrictions';
import { setupRouting } from './routing';
import { setupTracking } from './tracking';

const REFRESH_MS = 5000;
// With the live channel up, markers move as points arrive; the list is read again only for
// assets that appear or leave the page.
const LIVE_REFRESH_MS = 30_000;

takeKeyFromUrl();
// Gothenburg, where the demo road network is, until the loaded network says otherwise.
const map = L.map('map', { zoomControl: true, attributionControl: true }).setView([57.708, 11.975], 12);
map.attributionControl.addAttribution('Countries: Natural Earth · Roads: © OpenStreetMap contributors');
const status = byId('status');
const keyInput = byId<HTMLInputElement>('api-key');
const layers = setupLayers(map);

const geofences = setupGeofences(map, status, layers.fences);
const tracking = setupTracking(layers);
const live = setupLive(tracking);
tracking.onShown(live.follow);
const restrictions = setupRestrictions(map, layers.restrictions);
const dispatch = setupDispatch(layers.routes);
setupOptimization(map, layers.routes);
setupRouting(map, layers.routes);

void drawBasemap(map).then((roads) => {
  if (roads?.isValid()) map.fitBounds(roads, { animate: false });
  document.body.dataset.basemap = 'ready';
});

async function refreshAll(): Promise<void> {
  if (!savedKey()) return;
  try {
    await Promise.all([geofences.refresh(), tracking.refresh(), restrictions.refresh(), dispatch.refresh()]);
    document.body.dataset.loaded = 'true';
  } catch (error) {
    show(status, (error as Error).message, true);
  }
}

keyInput.value = savedKey();
byId('save-key').addEventListener('click', async () => {
  saveKey(keyInput.value);
  show(status, 'Key saved in this browser.');
  live.restart();
  await refreshAll();
});
// Geofences change only through this page or other clients; assets move on their own.
let lastRefresh = 0;
setInterval(() => {
  if (!savedKey() || Date.now() - lastRefresh < (live.active() ? LIVE_REFRESH_MS : REFRESH_MS) - 100) return;
  lastRefresh = Date.now();
  tracking.refresh().catch((e: Error) => show(status, e.message, true));
}, 1000);
live.restart();
void refreshAll();

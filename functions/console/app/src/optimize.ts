import polyline from '@mapbox/polyline';
import L from 'leaflet';
import { api, byId, show, textElement } from './api';
import { demoProblem } from './demo';

// Submits the problem in the text area, polls the result until the job is
// done, then draws each route in its own colour with its stops numbered in
// visiting order.

const COLOURS = ['#e03131', '#1971c2', '#2f9e44', '#f08c00', '#9c36b5', '#0c8599', '#c2255c', '#5c940d'];
const POLL_MS = 1000;

interface Step {
  type: string;
  id?: number | string;
  location?: [number, number];
}
interface Route {
  vehicle: number | string;
  distance: number;
  duration: number;
  geometry?: string;
  steps: Step[];
}
interface ResultBody {
  status: string;
  message?: string;
  result?: { code?: number; routes?: Route[]; unassigned?: unknown[] };
}

export function setupOptimization(map: L.Map, parent: L.LayerGroup): void {
  const layer = L.layerGroup().addTo(parent);
  const problem = byId<HTMLTextAreaElement>('opt-problem');
  const status = byId('opt-status');
  const button = byId<HTMLButtonElement>('opt-submit');
  problem.value = JSON.stringify(demoProblem, null, 2);

  button.addEventListener('click', async () => {
    let body: unknown;
    try {
      body = JSON.parse(problem.value);
    } catch (error) {
      return show(status, `Not JSON: ${(error as Error).message}`, true);
    }
    button.disabled = true;
    layer.clearLayers();
    byId('opt-summary').replaceChildren();
    try {
      const { id } = await api<{ id: string }>('POST', '/optimization/v2', {}, body);
      status.dataset.state = 'pending';
      show(status, `pending (${id})`);
      const done = await poll(id);
      if (done.status !== 'Ok' || !done.result?.routes) throw new Error(done.message ?? 'the job failed');
      status.dataset.state = 'done';
      show(status, `done: ${done.result.routes.length} route(s), ${done.result.unassigned?.length ?? 0} unassigned`);
      drawRoutes(map, layer, done.result.routes);
    } catch (error) {
      status.dataset.state = 'failed';
      show(status, (error as Error).message, true);
    } finally {
      button.disabled = false;
    }
  });
}

async function poll(id: string): Promise<ResultBody> {
  for (;;) {
    const body = await api<ResultBody>('GET', '/optimization/v2/result', { id });
    if (body.status !== 'Ok' || body.result?.routes) return body;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

function drawRoutes(map: L.Map, layer: L.LayerGroup, routes: Route[]): void {
  const summary = byId('opt-summary');
  const bounds = L.latLngBounds([]);
  routes.forEach((route, i) => {
    const colour = COLOURS[i % COLOURS.length];
    const located = route.steps.filter((s) => s.location);
    // Without a road network the geometry is empty: straight lines between stops.
    const path = route.geometry ? polyline.decode(route.geometry) : located.map((s) => s.location!);
    const line = L.polyline(path, { pane: 'routes', color: colour, weight: 4, opacity: 0.85, className: 'route-line' }).addTo(layer);
    bounds.extend(line.getBounds());
    let n = 0;
    for (const step of located) {
      const isStop = step.type !== 'start' && step.type !== 'end';
      const label = textElement(isStop ? String(++n) : 'D');
      label.style.background = isStop ? colour : '#343a40';
      const icon = L.divIcon({ className: isStop ? 'stop-marker' : 'stop-marker depot-marker', html: label, iconSize: [24, 24] });
      L.marker(step.location!, { icon, keyboard: false })
        .bindTooltip(textElement(`vehicle ${route.vehicle}: ${step.type} ${step.id ?? ''}`))
        .addTo(layer);
    }
    const swatch = textElement('■', 'b');
    swatch.style.color = colour;
    const item = document.createElement('li');
    item.dataset.testid = 'route-item';
    const distance = `${(route.distance / 1000).toFixed(1)} km, ${Math.round(route.duration / 60)} min`;
    item.append(swatch, ` vehicle ${route.vehicle}: ${n} stops, ${distance}`);
    summary.append(item);
  });
  // No animation: the routes are final, and a screenshot must not catch a zoom halfway.
  if (bounds.isValid()) map.fitBounds(bounds, { padding: [30, 30], animate: false });
}

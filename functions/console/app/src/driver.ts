import polyline from '@mapbox/polyline';
import './driver.css';

// The driver's page: opened from the link a dispatch answers (/driver?route=<id>&token=<driver
// token>), it shows the route's stops in order, opens directions to the next one, completes a
// stop with the form its document template asks for, and reports the phone's position while open.
// Every call carries the driver token as `key`; the token opens this route only.

interface Field {
  label: string;
  type: string;
  required: boolean;
  meta?: { options: { label: string; value: string }[] };
}
interface Step {
  id: string;
  short_id: string;
  type: string;
  arrival: number;
  location: [number, number];
  address: string;
  meta: { customer_name?: string; instructions?: string };
  document_snapshot: Field[] | null;
  completion: { status: string; completed_at?: number };
}
interface Route {
  id: string;
  short_id: string;
  geometry: string;
  total_steps: number;
  completed_steps: number;
  completion: { status: string };
  steps: Step[];
}

const params = new URLSearchParams(location.search);
const routeId = params.get('route') ?? '';
const token = params.get('token') ?? '';
const $ = (id: string) => document.getElementById(id)!;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${path}?key=${encodeURIComponent(token)}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const data = text ? JSON.parse(text) : {};
  if (!res.ok) throw new Error(data.message ?? `${res.status}`);
  return data as T;
}

/** The route's line and stops, projected into the 100 x 100 box (no tiles: the page works offline). */
function drawMap(route: Route): void {
  const svg = $('route-map');
  const line = polyline.decode(route.geometry) as [number, number][];
  const all = [...line, ...route.steps.map((s) => s.location)];
  const lats = all.map((p) => p[0]);
  const lons = all.map((p) => p[1]);
  const [minLat, maxLat, minLon, maxLon] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)];
  const span = Math.max(maxLat - minLat, (maxLon - minLon) * Math.cos((minLat * Math.PI) / 180), 1e-6);
  const xy = ([la, lo]: [number, number]) =>
    `${(5 + (90 * (lo - minLon) * Math.cos((minLat * Math.PI) / 180)) / span).toFixed(2)},${(95 - (90 * (la - minLat)) / span).toFixed(2)}`;
  const dots = route.steps
    .map((s, i) => {
      const [x, y] = xy(s.location).split(',');
      const done = s.completion.status === 'completed';
      return `<circle cx="${x}" cy="${y}" r="2.2" class="${done ? 'done' : 'open'}"/><text x="${x}" y="${y}" dy="-3">${i + 1}</text>`;
    })
    .join('');
  svg.innerHTML = `<polyline points="${line.map(xy).join(' ')}"/>${dots}`;
}

function fieldInput(f: Field, i: number): string {
  const name = `f${i}`;
  const req = f.required ? ' required' : '';
  const label = `<span>${escape(f.label)}${f.required ? ' *' : ''}</span>`;
  const opts = f.meta?.options ?? [];
  switch (f.type) {
    case 'number':
      return `<label>${label}<input name="${name}" type="number" step="any"${req}></label>`;
    case 'checkbox':
      return `<label class="check"><input name="${name}" type="checkbox">${label}</label>`;
    case 'single_choice':
      return `<label>${label}<select name="${name}"${req}><option value=""></option>${opts.map((o) => `<option value="${escape(o.value)}">${escape(o.label)}</option>`).join('')}</select></label>`;
    case 'multi_choices':
      return `<fieldset><legend>${label}</legend>${opts.map((o) => `<label class="check"><input type="checkbox" name="${name}" value="${escape(o.value)}">${escape(o.label)}</label>`).join('')}</fieldset>`;
    case 'photos':
      return `<label>${label}<input name="${name}" placeholder="photo references, comma separated"${req}></label>`;
    case 'date_time':
      return `<label>${label}<input name="${name}" type="datetime-local"${req}></label>`;
    default:
      return `<label>${label}<input name="${name}"${req}></label>`;
  }
}

function readForm(form: HTMLFormElement, fields: Field[]): Record<string, unknown> {
  const data = new FormData(form);
  const doc: Record<string, unknown> = {};
  fields.forEach((f, i) => {
    const name = `f${i}`;
    const raw = String(data.get(name) ?? '').trim();
    if (f.type === 'checkbox') doc[f.label] = data.get(name) !== null;
    else if (f.type === 'multi_choices') {
      const all = data.getAll(name).map(String);
      if (all.length) doc[f.label] = all;
    } else if (raw === '') return;
    else if (f.type === 'number') doc[f.label] = Number(raw);
    else if (f.type === 'photos')
      doc[f.label] = raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else if (f.type === 'date_time') doc[f.label] = new Date(raw).toISOString();
    else doc[f.label] = raw;
  });
  return doc;
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);
const time = (s: number) => new Date(s * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function render(route: Route): void {
  $('route-title').textContent = `Route ${route.short_id}`;
  $('progress').textContent =
    route.completion.status === 'completed' ? 'Route completed' : `${route.completed_steps} of ${route.total_steps} stops done`;
  drawMap(route);
  const nextIndex = route.steps.findIndex((s) => s.completion.status !== 'completed');
  $('steps').innerHTML = route.steps
    .map((s, i) => {
      const done = s.completion.status === 'completed';
      const head = `<div class="head"><strong>${i + 1}. ${escape(s.type)}</strong> <span class="muted">${time(s.arrival)}</span>${done ? ' <span class="ok">done</span>' : ''}</div>`;
      const about = [s.address, s.meta.customer_name, s.meta.instructions]
        .filter(Boolean)
        .map((t) => `<div>${escape(t!)}</div>`)
        .join('');
      if (i !== nextIndex) return `<li data-testid="step-${i}" class="${done ? 'done' : ''}">${head}${about}</li>`;
      const [lat, lon] = s.location;
      const fields = s.document_snapshot ?? [];
      return `<li data-testid="step-${i}" class="next">${head}${about}
        <a data-testid="directions" target="_blank" rel="noopener" href="https://www.openstreetmap.org/directions?route=%3B${lat}%2C${lon}">Directions</a>
        <form data-testid="complete-form" data-step="${s.id}">${fields.map(fieldInput).join('')}<button data-testid="complete">Complete stop</button></form></li>`;
    })
    .join('');
  const form = document.querySelector<HTMLFormElement>('[data-testid=complete-form]');
  form?.addEventListener('submit', (e) => {
    e.preventDefault();
    const step = route.steps[nextIndex];
    void complete(step, readForm(form, step.document_snapshot ?? []));
  });
}

async function complete(step: Step, document: Record<string, unknown>): Promise<void> {
  try {
    await call('PATCH', `/fleetify/routes/${encodeURIComponent(routeId)}/steps/${encodeURIComponent(step.id)}`, {
      status: 'completed',
      document,
    });
    $('message').textContent = `Stop ${step.short_id} completed`;
    await load();
  } catch (error) {
    $('message').textContent = (error as Error).message;
  }
}

async function load(): Promise<void> {
  try {
    render((await call<{ data: Route }>('GET', `/fleetify/routes/${encodeURIComponent(routeId)}`)).data);
  } catch (error) {
    $('progress').textContent = (error as Error).message;
  }
}

/** The phone's position, sent as the route's vehicle through the tracking upload path. */
function reportPosition(): void {
  if (!('geolocation' in navigator)) return;
  navigator.geolocation.watchPosition(
    (p) =>
      void call('POST', `/fleetify/routes/${encodeURIComponent(routeId)}/position`, {
        locations: [
          {
            location: { lat: p.coords.latitude, lon: p.coords.longitude },
            timestamp: Math.round(p.timestamp),
            accuracy: p.coords.accuracy,
          },
        ],
      }).catch(() => undefined),
    () => undefined,
    { enableHighAccuracy: true, maximumAge: 10_000 },
  );
}

void load().then(reportPosition);

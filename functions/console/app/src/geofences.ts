import L from 'leaflet';
import { api, byId, show, textElement } from './api';

// Geofences of the key: listed and drawn; created by drawing a circle (click
// the centre, then click at the radius) or a polygon (click the corners, then
// double-click or Finish); a "test point" click asks the API which contain it.

type Mode = 'none' | 'circle' | 'polygon' | 'test';

interface Geofence {
  id: string;
  name?: string;
  type: string;
  geojson?: GeoJSON.Polygon;
}

const names = new Map<string, string>();

/** The name of a geofence this page has listed, else its id. */
export const geofenceName = (id: string): string => names.get(id) ?? id;

export function setupGeofences(map: L.Map, status: HTMLElement, parent: L.LayerGroup): { refresh: () => Promise<void> } {
  const shapes = L.layerGroup().addTo(parent);
  const sketch = L.layerGroup().addTo(map);
  const hint = byId('draw-hint');
  const finish = byId<HTMLButtonElement>('finish-polygon');
  const containResult = byId('contain-result');
  let mode: Mode = 'none';
  let centre: L.LatLng | undefined;
  let vertices: L.LatLng[] = [];

  const setMode = (next: Mode) => {
    mode = mode === next ? 'none' : next;
    centre = undefined;
    vertices = [];
    sketch.clearLayers();
    finish.disabled = true;
    document.querySelectorAll<HTMLButtonElement>('[data-mode]').forEach((b) => b.classList.toggle('active', b.dataset.mode === mode));
    map.getContainer().classList.toggle('drawing', mode !== 'none');
    // A double-click ends a polygon; it must not zoom the map as well.
    if (mode === 'polygon') map.doubleClickZoom.disable();
    else map.doubleClickZoom.enable();
    hint.textContent = {
      none: 'Pick a tool, then click on the map.',
      circle: 'Click the centre, then click where the edge should be.',
      polygon: 'Click the corners; double-click or Finish to create.',
      test: 'Click a point to see which geofences contain it.',
    }[mode];
  };
  document
    .querySelectorAll<HTMLButtonElement>('[data-mode]')
    .forEach((b) => b.addEventListener('click', () => setMode(b.dataset.mode as Mode)));

  const refresh = async () => {
    const { data } = await api<{ data: { list: Geofence[] } }>('GET', '/geofence/list', { pn: '1', ps: '100' });
    shapes.clearLayers();
    const list = byId('geofence-list');
    list.replaceChildren();
    for (const g of data.list) {
      names.set(g.id, g.name || g.id);
      if (g.geojson) {
        L.geoJSON(g.geojson, { pane: 'fences', style: { color: '#2f6fde', weight: 2, fillOpacity: 0.15, className: 'geofence-shape' } })
          .bindTooltip(textElement(g.name || g.id))
          .addTo(shapes);
      }
      const item = document.createElement('li');
      item.dataset.testid = 'geofence-item';
      item.dataset.id = g.id;
      item.textContent = `${g.name || '(unnamed)'} · ${g.type} · ${g.id}`;
      list.append(item);
    }
  };

  const create = async (body: Record<string, unknown>) => {
    const name = byId<HTMLInputElement>('geofence-name').value.trim();
    try {
      const { data } = await api<{ data: { id: string } }>('POST', '/geofence', {}, { ...body, ...(name ? { name } : {}) });
      show(status, `Created geofence ${data.id}`);
      await refresh();
    } catch (error) {
      show(status, `Geofence not created: ${(error as Error).message}`, true);
    }
    setMode('none');
  };

  const finishPolygon = () => {
    if (vertices.length < 3) return;
    const ring = vertices.map((p) => [round(p.lng), round(p.lat)]);
    void create({ type: 'polygon', polygon: { geojson: { type: 'Polygon', coordinates: [[...ring, ring[0]]] } } });
  };
  finish.addEventListener('click', finishPolygon);

  map.on('click', (e: L.LeafletMouseEvent) => {
    if (mode === 'circle') {
      if (!centre) {
        centre = e.latlng;
        L.circleMarker(centre, { radius: 4, color: '#e8590c' }).addTo(sketch);
        return;
      }
      const radius = Math.round(map.distance(centre, e.latlng));
      void create({ type: 'circle', circle: { center: { lat: round(centre.lat), lon: round(centre.lng) }, radius } });
    } else if (mode === 'polygon') {
      // The two clicks of a double-click land on the vertex just added.
      const last = vertices[vertices.length - 1];
      if (last && map.latLngToContainerPoint(last).distanceTo(e.containerPoint) < 4) return;
      vertices.push(e.latlng);
      sketch.clearLayers();
      L.polygon(vertices, { color: '#e8590c', dashArray: '4 4', weight: 2 }).addTo(sketch);
      finish.disabled = vertices.length < 3;
    } else if (mode === 'test') {
      void testPoint(e.latlng);
    }
  });
  map.on('dblclick', () => mode === 'polygon' && finishPolygon());
  map.on('mousemove', (e: L.LeafletMouseEvent) => {
    if (mode !== 'circle' || !centre) return;
    sketch.clearLayers();
    L.circle(centre, { radius: map.distance(centre, e.latlng), color: '#e8590c', dashArray: '4 4', weight: 2 }).addTo(sketch);
  });

  const testPoint = async (at: L.LatLng) => {
    sketch.clearLayers();
    L.circleMarker(at, { radius: 6, color: '#111', fillColor: '#ffd43b', fillOpacity: 1, className: 'test-point' }).addTo(sketch);
    try {
      const { data } = await api<{ data: { result_list: Array<{ geofence_id: string; result: Array<{ contain: boolean }> }> } }>(
        'GET',
        '/geofence/contain',
        { locations: `${round(at.lat)},${round(at.lng)}` },
      );
      const inside = data.result_list.filter((r) => r.result.some((x) => x.contain)).map((r) => names.get(r.geofence_id) ?? r.geofence_id);
      containResult.dataset.inside = String(inside.length);
      show(containResult, inside.length ? `Inside: ${inside.join(', ')}` : 'Outside every geofence');
    } catch (error) {
      show(containResult, (error as Error).message, true);
    }
  };

  return { refresh };
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

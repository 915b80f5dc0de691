import L from 'leaflet';
import { api, byId, show } from './api';

// Directions and isochrones on the loaded road networks: "Route" takes two clicks (start, end)
// and draws the route; "Isochrone" takes one click and draws 5, 10 and 15 minute areas.

type Mode = 'none' | 'route' | 'isochrone';

interface Feature {
  geometry: GeoJSON.Polygon;
  properties: { contour: number; color: string; fillOpacity: number };
}

const point = (p: L.LatLng) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;

export function setupRouting(map: L.Map, parent: L.LayerGroup): void {
  const layer = L.layerGroup().addTo(parent);
  const result = byId('routing-result');
  let mode: Mode = 'none';
  let start: L.LatLng | undefined;

  const setMode = (next: Mode) => {
    mode = mode === next ? 'none' : next;
    start = undefined;
    document
      .querySelectorAll<HTMLButtonElement>('[data-route-mode]')
      .forEach((b) => b.classList.toggle('active', b.dataset.routeMode === mode));
    map.getContainer().classList.toggle('drawing', mode !== 'none');
    show(result, { none: '', route: 'Click the start, then the destination.', isochrone: 'Click the start point.' }[mode]);
  };
  document
    .querySelectorAll<HTMLButtonElement>('[data-route-mode]')
    .forEach((b) => b.addEventListener('click', () => setMode(b.dataset.routeMode as Mode)));

  const route = async (from: L.LatLng, to: L.LatLng) => {
    const body = { origin: point(from), destination: point(to), geometry: 'geojson', steps: true };
    const { route: best } = await api<{ route: { distance: number; duration: number; geojson: GeoJSON.Feature; legs: any[] } }>(
      'POST',
      '/directions/json',
      {},
      body,
    );
    L.geoJSON(best.geojson, { pane: 'routes', style: { color: '#c2255c', weight: 5, opacity: 0.8, className: 'route-line' } }).addTo(layer);
    const steps = best.legs[0].steps.length;
    result.dataset.distance = String(best.distance);
    show(result, `${(best.distance / 1000).toFixed(2)} km, ${Math.round(best.duration / 60)} min, ${steps} steps`);
  };

  const isochrone = async (at: L.LatLng) => {
    const query = { coordinates: point(at), contours_minutes: '5,10,15', polygons: 'true', denoise: '0.5' };
    const { features } = await api<{ features: Feature[] }>('GET', '/isochrone/json', query);
    for (const f of features) {
      const { color, fillOpacity } = f.properties;
      L.geoJSON(f.geometry, {
        pane: 'fences',
        style: { color, fillColor: color, fillOpacity, weight: 1, className: 'isochrone-shape' },
      }).addTo(layer);
    }
    result.dataset.contours = String(features.length);
    show(result, `Reachable in ${features.map((f) => f.properties.contour).join(', ')} minutes`);
  };

  map.on('click', (e: L.LeafletMouseEvent) => {
    if (mode === 'none') return;
    if (mode === 'route' && !start) {
      layer.clearLayers();
      start = e.latlng;
      L.circleMarker(start, { pane: 'routes', radius: 5, color: '#c2255c' }).addTo(layer);
      return;
    }
    const work = mode === 'route' ? route(start!, e.latlng) : (layer.clearLayers(), isochrone(e.latlng));
    work.catch((error: Error) => show(result, error.message, true));
    setMode('none');
  });
}

import polyline from '@mapbox/polyline';
import L from 'leaflet';
import { api, byId, textElement } from './api';

// Dispatched routes with their progress, polled with the rest of the page: each route's line on
// the map, its completed stops green and its open ones amber.

interface Step {
  location: [number, number];
  type: string;
  completion: { status: string; completed_at?: number };
}
interface Route {
  id: string;
  short_id: string;
  geometry: string;
  driver: { email: string };
  total_steps: number;
  completed_steps: number;
  completion: { status: string };
  steps: Step[];
}

export function setupDispatch(parent: L.LayerGroup): { refresh: () => Promise<void> } {
  const layer = L.layerGroup().addTo(parent);
  const refresh = async () => {
    const { data } = await api<{ data: { list: Route[] } }>('GET', '/fleetify/routes', { ps: '50' });
    layer.clearLayers();
    const list = byId('dispatch-list');
    list.replaceChildren();
    for (const route of data.list) {
      if (route.geometry)
        L.polyline(polyline.decode(route.geometry), { pane: 'routes', color: '#0b7285', weight: 3, opacity: 0.7 }).addTo(layer);
      for (const s of route.steps) {
        const done = s.completion.status === 'completed';
        L.circleMarker(s.location, {
          pane: 'routes',
          radius: 6,
          color: done ? '#2f9e44' : '#f59f00',
          fillOpacity: 0.9,
          className: done ? 'stop-done' : 'stop-open',
        })
          .bindTooltip(textElement(`${route.short_id} · ${s.type}${done ? ' · done' : ''}`))
          .addTo(layer);
      }
      const state = route.completion.status === 'completed' ? 'completed' : `${route.completed_steps}/${route.total_steps} stops`;
      list.append(textElement(`${route.short_id} · ${route.driver.email} · ${state}`, 'li'));
    }
  };
  return { refresh };
}

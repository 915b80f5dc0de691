import L from 'leaflet';
import { api, byId, textElement } from './api';
import { geofenceName } from './geofences';

// Assets with their latest position and the last hour of track, and the
// monitor events they raised, polled every few seconds. The API has no push
// channel the page could hold open, so polling is the honest option.

const TRACK_WINDOW_MS = 60 * 60 * 1000;
const MAX_ASSETS = 20;

interface Position {
  location: { lat: number; lon: number };
  timestamp: number;
}
interface Asset {
  id: string;
  name?: string;
  latest_location: Position | null;
}
interface MonitorEvent {
  asset_id: string;
  monitor_id: string;
  geofence_id: string;
  event_type: string;
  timestamp: number;
}

export function setupTracking(map: L.Map): { refresh: () => Promise<void> } {
  const layer = L.layerGroup().addTo(map);
  const seen = new Set<string>();

  const refresh = async () => {
    const { data } = await api<{ data: { list: Asset[] } }>('GET', '/tracking/asset/list', {
      ps: String(MAX_ASSETS),
      sort: 'updated_at:desc',
    });
    const since = String(Date.now() - TRACK_WINDOW_MS);
    const tracks = await Promise.all(
      data.list.map(async (asset) => {
        const [locations, events] = await Promise.all([
          api<{ data: { list: Position[] } }>('GET', `/tracking/asset/${encodeURIComponent(asset.id)}/location/list`, {
            start_time: since,
            ps: '500',
          }),
          api<{ data: { list: MonitorEvent[] } }>('GET', `/tracking/asset/${encodeURIComponent(asset.id)}/event/list`, {
            start_time: since,
            ps: '100',
          }),
        ]);
        return { asset, points: locations.data.list, events: events.data.list };
      }),
    );

    layer.clearLayers();
    const list = byId('asset-list');
    list.replaceChildren();
    for (const { asset, points, events } of tracks) {
      const path = points.map((p) => L.latLng(p.location.lat, p.location.lon));
      if (path.length > 1) L.polyline(path, { color: '#7048e8', weight: 3, opacity: 0.7, className: 'asset-track' }).addTo(layer);
      const latest = asset.latest_location;
      if (latest) {
        L.circleMarker([latest.location.lat, latest.location.lon], {
          radius: 7,
          color: '#fff',
          weight: 2,
          fillColor: '#7048e8',
          fillOpacity: 1,
          className: 'asset-marker',
        })
          .bindTooltip(textElement(asset.name || asset.id))
          .addTo(layer);
      }
      const item = document.createElement('li');
      item.dataset.testid = 'asset-item';
      const when = latest ? new Date(latest.timestamp).toLocaleTimeString() : 'no position yet';
      item.textContent = `${asset.name || asset.id} · ${when}`;
      list.append(item);
      for (const event of events) addEvent(event);
    }
  };

  const addEvent = (event: MonitorEvent) => {
    const id = `${event.asset_id}|${event.monitor_id}|${event.event_type}|${event.timestamp}`;
    if (seen.has(id)) return;
    seen.add(id);
    const item = document.createElement('li');
    item.dataset.testid = 'event-item';
    const where = event.geofence_id ? ` ${geofenceName(event.geofence_id)}` : '';
    item.textContent = `${new Date(event.timestamp).toLocaleTimeString()} ${event.asset_id} ${event.event_type}${where}`;
    byId('event-list').prepend(item);
  };

  return { refresh };
}

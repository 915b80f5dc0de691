import L from 'leaflet';
import { ApiFailure, api, byId, textElement } from './api';
import { geofenceName } from './geofences';

// Assets a page at a time (newest first, or the one asset whose id or tag was searched), each
// with its latest position and last hour of track, and the monitor events they raised, drawn
// where they happened. Refreshed every few seconds; moveAsset and addEvent let a
// push channel show what arrives in between.

const TRACK_WINDOW_MS = 60 * 60 * 1000;
const PAGE_SIZE = 20;

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
  triggered_location?: { location: { lat: number; lon: number } };
}
interface Page {
  total: number;
  offset?: number;
  size?: number;
}

export interface Tracking {
  refresh: () => Promise<void>;
  /** Moves an asset's marker and extends its track without waiting for the next refresh. */
  moveAsset: (assetId: string, position: Position) => void;
  addEvent: (event: MonitorEvent) => void;
  /** Called with the ids of the assets shown, each time the list is drawn: the live channel follows them. */
  onShown: (listener: (assetIds: string[]) => void) => void;
}

export function setupTracking(layers: { assets: L.LayerGroup; events: L.LayerGroup }): Tracking {
  const layer = L.layerGroup().addTo(layers.assets);
  const eventLayer = L.layerGroup().addTo(layers.events);
  const markers = new Map<string, L.CircleMarker>();
  const tracks = new Map<string, L.Polyline>();
  const seen = new Set<string>();
  const search = byId<HTMLInputElement>('asset-search');
  const pageInfo = byId('asset-page');
  let pn = 1;
  let pages = 1;
  let shownIds: string[] = [];
  let shownListener: (assetIds: string[]) => void = () => undefined;
  // The periodic refresh and a click on the pager can overlap; only the latest may draw.
  let generation = 0;

  /** An exact asset id, else the assets carrying the tag, else nothing. */
  const searched = async (text: string): Promise<{ list: Asset[]; total: number }> => {
    try {
      const one = await api<{ data: { asset: Asset } }>('GET', `/tracking/asset/${encodeURIComponent(text)}`);
      return { list: [one.data.asset], total: 1 };
    } catch (error) {
      if (!(error instanceof ApiFailure) || error.status !== 404) throw error;
    }
    const { data } = await api<{ data: { list: Asset[]; page: Page } }>('GET', '/tracking/asset/list', {
      tags: text,
      pn: String(pn),
      ps: String(PAGE_SIZE),
      sort: 'updated_at:desc',
    });
    return { list: data.list, total: data.page.total };
  };

  const listed = async (): Promise<{ list: Asset[]; total: number }> => {
    const text = search.value.trim();
    if (text) return searched(text);
    const { data } = await api<{ data: { list: Asset[]; page: Page } }>('GET', '/tracking/asset/list', {
      pn: String(pn),
      ps: String(PAGE_SIZE),
      sort: 'updated_at:desc',
    });
    return { list: data.list, total: data.page.total };
  };

  const refresh = async () => {
    const mine = ++generation;
    const { list: assets, total } = await listed();
    pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    const since = String(Date.now() - TRACK_WINDOW_MS);
    const histories = await Promise.all(
      assets.map(async (asset) => {
        const path = `/tracking/asset/${encodeURIComponent(asset.id)}`;
        const [locations, events] = await Promise.all([
          api<{ data: { list: Position[] } }>('GET', `${path}/location/list`, { start_time: since, ps: '500' }),
          api<{ data: { list: MonitorEvent[] } }>('GET', `${path}/event/list`, { start_time: since, ps: '100' }),
        ]);
        return { asset, points: locations.data.list, events: events.data.list };
      }),
    );
    if (mine !== generation) return;

    layer.clearLayers();
    markers.clear();
    tracks.clear();
    const list = byId('asset-list');
    list.replaceChildren();
    for (const { asset, points, events } of histories) {
      const path = points.map((p) => L.latLng(p.location.lat, p.location.lon));
      tracks.set(
        asset.id,
        L.polyline(path, { pane: 'assets', color: '#7048e8', weight: 3, opacity: 0.7, className: 'asset-track' }).addTo(layer),
      );
      const latest = asset.latest_location;
      if (latest) placeMarker(asset.id, asset.name || asset.id, latest);
      const item = document.createElement('li');
      item.dataset.testid = 'asset-item';
      item.dataset.id = asset.id;
      item.textContent = `${asset.name || asset.id} · ${latest ? new Date(latest.timestamp).toLocaleTimeString() : 'no position yet'}`;
      list.append(item);
      for (const event of events) addEvent(event);
    }
    shownIds = assets.map((a) => a.id);
    shownListener(shownIds);
    pageInfo.textContent = total ? `page ${pn} of ${pages} · ${total} assets` : 'no assets';
    byId<HTMLButtonElement>('asset-prev').disabled = pn <= 1;
    byId<HTMLButtonElement>('asset-next').disabled = pn >= pages;
  };

  const placeMarker = (id: string, label: string, at: Position) => {
    const where = L.latLng(at.location.lat, at.location.lon);
    const existing = markers.get(id);
    if (existing) return void existing.setLatLng(where);
    const marker = L.circleMarker(where, {
      pane: 'assets',
      radius: 7,
      color: '#fff',
      weight: 2,
      fillColor: '#7048e8',
      fillOpacity: 1,
      className: 'asset-marker',
    })
      .bindTooltip(textElement(label))
      .addTo(layer);
    markers.set(id, marker);
  };

  const moveAsset = (assetId: string, position: Position) => {
    if (!shownIds.includes(assetId)) return;
    placeMarker(assetId, assetId, position);
    tracks.get(assetId)?.addLatLng([position.location.lat, position.location.lon]);
    const item = document.querySelector<HTMLElement>(`[data-testid=asset-item][data-id="${CSS.escape(assetId)}"]`);
    if (item) item.textContent = `${item.textContent!.split(' · ')[0]} · ${new Date(position.timestamp).toLocaleTimeString()}`;
  };

  const addEvent = (event: MonitorEvent) => {
    const id = `${event.asset_id}|${event.monitor_id}|${event.event_type}|${event.timestamp}`;
    if (seen.has(id)) return;
    seen.add(id);
    const where = event.geofence_id ? ` ${geofenceName(event.geofence_id)}` : '';
    const text = `${new Date(event.timestamp).toLocaleTimeString()} ${event.asset_id} ${event.event_type}${where}`;
    const item = document.createElement('li');
    item.dataset.testid = 'event-item';
    item.textContent = text;
    byId('event-list').prepend(item);
    const at = event.triggered_location?.location;
    if (at) {
      L.circleMarker([at.lat, at.lon], { pane: 'events', radius: 5, color: '#e8590c', fillOpacity: 0.9, className: 'event-marker' })
        .bindTooltip(textElement(text))
        .addTo(eventLayer);
    }
  };

  const go = (next: number) => {
    pn = Math.min(Math.max(1, next), pages);
    void refresh();
  };
  byId('asset-prev').addEventListener('click', () => go(pn - 1));
  byId('asset-next').addEventListener('click', () => go(pn + 1));
  search.addEventListener('change', () => go(1));

  return { refresh, moveAsset, addEvent, onShown: (listener) => void (shownListener = listener) };
}

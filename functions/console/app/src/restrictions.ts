import L from 'leaflet';
import { api, byId, textElement } from './api';

// The key's road editor restrictions in view: each one's extent as a box, and each road piece or
// turn the API reports (restrictions_items) as a dot; red when in force, grey when not.

interface Restriction {
  id: number;
  name: string;
  restriction_type: string;
  status: 'active' | 'inactive';
  bbox: { min_lat: number; min_lon: number; max_lat: number; max_lon: number };
}

interface Item {
  group_id: number;
  group_type: 'segment' | 'turn';
  status: 'active' | 'inactive';
  coordinate: { lat: number; lon: number };
}

const colour = (status: string) => (status === 'active' ? '#c92a2a' : '#868e96');

export function setupRestrictions(map: L.Map, parent: L.LayerGroup): { refresh: () => Promise<void> } {
  const layer = L.layerGroup().addTo(parent);
  const refresh = async () => {
    const b = map.getBounds();
    const box = {
      min_lat: String(b.getSouth()),
      min_lon: String(b.getWest()),
      max_lat: String(b.getNorth()),
      max_lon: String(b.getEast()),
    };
    const [restrictions, items] = await Promise.all([
      api<Restriction[]>('GET', '/restrictions', box),
      api<Item[]>('GET', '/restrictions_items', box),
    ]);
    layer.clearLayers();
    const list = byId('restriction-list');
    list.replaceChildren();
    for (const r of restrictions) {
      const style = { pane: 'restrictions', color: colour(r.status), weight: 4, className: 'restriction-shape' };
      const label = textElement(`${r.name} · ${r.restriction_type} · ${r.status}`);
      const extent = L.latLngBounds([r.bbox.min_lat, r.bbox.min_lon], [r.bbox.max_lat, r.bbox.max_lon]);
      L.rectangle(extent, { ...style, weight: 1, dashArray: '4 4', fillOpacity: 0.05 })
        .bindTooltip(label)
        .addTo(layer);
      const entry = document.createElement('li');
      entry.dataset.testid = 'restriction-item';
      entry.textContent = `${r.name} · ${r.restriction_type} · ${r.status}`;
      list.append(entry);
    }
    for (const item of items) {
      L.circleMarker([item.coordinate.lat, item.coordinate.lon], {
        pane: 'restrictions',
        radius: item.group_type === 'turn' ? 6 : 4,
        color: colour(item.status),
        className: 'restriction-item',
      }).addTo(layer);
    }
  };
  map.on('moveend', () => void refresh().catch(() => undefined));
  return { refresh };
}

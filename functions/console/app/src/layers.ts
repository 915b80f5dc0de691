import L from 'leaflet';

// The map's overlays, each switchable in the layer control and remembered per browser. Each
// has a pane of its own so the stacking does not depend on which refresh drew last: large
// filled fences (and isochrones) lie under routes, restrictions, assets and events.

export type LayerName = 'fences' | 'restrictions' | 'routes' | 'assets' | 'events';

const ORDER: Array<[LayerName, string, number]> = [
  ['fences', 'Fences', 350],
  ['restrictions', 'Road restrictions', 410],
  ['routes', 'Routes', 420],
  ['assets', 'Assets', 440],
  ['events', 'Events', 450],
];
const HIDDEN_KEY = 'waymark.console.hidden-layers';

export type Layers = Record<LayerName, L.LayerGroup>;

export function setupLayers(map: L.Map): Layers {
  const hidden = new Set<string>(JSON.parse(localStorage.getItem(HIDDEN_KEY) ?? '[]') as string[]);
  const layers = {} as Layers;
  const overlays: Record<string, L.Layer> = {};
  for (const [name, label, zIndex] of ORDER) {
    map.createPane(name).style.zIndex = String(zIndex);
    layers[name] = L.layerGroup();
    if (!hidden.has(name)) layers[name].addTo(map);
    overlays[label] = layers[name];
  }
  L.control.layers(undefined, overlays, { collapsed: false, position: 'topleft' }).addTo(map);
  const remember = (e: L.LayersControlEvent, show: boolean) => {
    const name = ORDER.find(([, label]) => label === e.name)?.[0];
    if (!name) return;
    if (show) hidden.delete(name);
    else hidden.add(name);
    localStorage.setItem(HIDDEN_KEY, JSON.stringify([...hidden]));
  };
  map.on('overlayadd', (e) => remember(e as L.LayersControlEvent, true));
  map.on('overlayremove', (e) => remember(e as L.LayersControlEvent, false));
  return layers;
}

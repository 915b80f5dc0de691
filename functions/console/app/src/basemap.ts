import L from 'leaflet';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-50m.json?url';

// No tile server: land is the world-atlas country shapes and the streets are
// the road networks the stack has loaded, both drawn on one canvas (cheap with
// tens of thousands of road points, and needs no WebGL).

const ROAD_WEIGHT: Record<string, number> = { motorway: 3, trunk: 2.5, primary: 2, secondary: 1.6, tertiary: 1.2 };

export async function drawBasemap(map: L.Map): Promise<L.LatLngBounds | undefined> {
  // Leaflet hands GeoJSON options on to each path it creates, renderer included,
  // though its type definitions do not list it.
  // Its own pane under every layer of layers.ts: a canvas takes the pointer over its whole box,
  // so in the overlay pane it would hide the fences' tooltips.
  map.createPane('basemap').style.zIndex = '300';
  const onCanvas = { renderer: L.canvas({ padding: 0.5, pane: 'basemap' }) } as L.GeoJSONOptions;
  const topology = (await (await fetch(countriesUrl)).json()) as Topology<{ countries: GeometryCollection }>;
  L.geoJSON(feature(topology, topology.objects.countries), {
    ...onCanvas,
    interactive: false,
    style: { color: '#9aa79a', weight: 0.8, fillColor: '#eef0e6', fillOpacity: 1 },
  }).addTo(map);

  const response = await fetch('/console/network.geojson');
  if (!response.ok) return undefined;
  const roads = (await response.json()) as GeoJSON.FeatureCollection;
  if (roads.features.length === 0) return undefined;
  const layer = L.geoJSON(roads, {
    ...onCanvas,
    interactive: false,
    style: (f) => {
      const cls = String(f?.properties?.class ?? '').replace(/_link$/, '');
      return { color: cls in ROAD_WEIGHT ? '#c99a4b' : '#a8adb6', weight: ROAD_WEIGHT[cls] ?? 0.7, opacity: 0.9 };
    },
  }).addTo(map);
  return layer.getBounds();
}

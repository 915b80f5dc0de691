// The relevance query set of `npm run bench:discover`: what a user types near a point in the
// real OpenStreetMap test extracts (tests/fixtures/osm), and what a good answer holds in its top
// five: a POI of that title, or (for a category query) POIs of that category only.

export interface Judged {
  q: string;
  at: string;
  title?: string;
  category?: string;
}

const bindlach = '49.981,11.614';
const monaco = '43.735,7.42';
const andorra = '42.55,1.53';

export const QUERIES: Judged[] = [
  { q: 'Gasthof Vogel', at: bindlach, title: 'Gasthof Vogel' },
  { q: 'Landgasthof Moreth', at: bindlach, title: 'Landgasthof Moreth' },
  { q: 'landgast', at: bindlach, title: 'Landgasthof Moreth' },
  { q: 'Zur Tanne', at: bindlach, title: 'Zur Tanne' },
  { q: 'Schiesser outlet', at: bindlach, title: 'Schiesser Outlet Store' },
  { q: 'Edeka', at: bindlach, title: 'Edeka' },
  { q: 'Cafeteria Sonngard', at: bindlach, title: 'Cafeteria Sonngard' },
  { q: 'piroska csarda', at: bindlach, title: 'Piroska Csárda' },
  { q: 'hungarian', at: bindlach, title: 'Piroska Csárda' },
  { q: 'Schloss Neudrossenfeld', at: bindlach, title: 'Schloss Neudrossenfeld' },
  { q: 'final cut', at: bindlach, title: 'FINAL CUT' },
  { q: 'hairdresser', at: bindlach, category: 'hairdresser' },
  { q: 'fire station', at: bindlach, category: 'fire_station' },
  { q: 'restaurant', at: bindlach, category: 'restaurant' },
  { q: 'UBS', at: monaco, title: 'UBS' },
  { q: 'credit suisse', at: monaco, title: 'Credit Suisse' },
  { q: 'Spar', at: monaco, title: 'Spar' },
  { q: 'fnac', at: monaco, title: 'Fnac' },
  { q: 'Novotel', at: monaco, title: 'Novotel' },
  { q: 'Brasserie de Monaco', at: monaco, title: 'Brasserie de Monaco' },
  { q: 'pizzeria', at: monaco, title: 'pizzeria monegasque' },
  { q: 'Pharmacie des Moulins', at: monaco, title: 'Pharmacie des Moulins' },
  { q: 'pharmacy', at: monaco, category: 'pharmacy' },
  { q: 'Mairie de Monaco', at: monaco, title: 'Mairie de Monaco' },
  { q: 'office du tourisme', at: monaco, title: 'Office du Tourisme de Monaco' },
  { q: 'haagen', at: monaco, title: 'Häagen Dasz' },
  { q: 'post office', at: monaco, category: 'post_office' },
  { q: 'le meridien', at: monaco, title: 'Le Meridien Beach Plaza' },
  { q: 'bank', at: monaco, category: 'bank' },
  { q: 'Hotel Nordic', at: andorra, title: 'Hotel Nordic' },
  { q: 'camping xixerella', at: andorra, title: 'Camping Xixerella' },
  { q: 'auditori nacional', at: andorra, title: "Auditori Nacional d'Andorra" },
  { q: 'Areny Plandolit', at: andorra, title: "Casa d'Areny-Plandolit" },
  { q: 'Panoramix', at: andorra, title: 'Restaurant Panoramix' },
  { q: 'compra be', at: andorra, title: 'Compra Be' },
  { q: 'petrol', at: andorra, category: 'fuel' },
  { q: 'lift pass', at: andorra, title: 'Lift Pass Office' },
  { q: 'supermarket', at: andorra, category: 'supermarket' },
  { q: 'hotel', at: andorra, category: 'hotel' },
  { q: 'museum', at: andorra, category: 'museum' },
];

/** Google encoded polyline, precision 5 or 6 (same algorithm as @mapbox/polyline). */

function encodeValue(v: number, out: string[]): void {
  let n = v < 0 ? ~(v << 1) : v << 1;
  while (n >= 0x20) {
    out.push(String.fromCharCode((0x20 | (n & 0x1f)) + 63));
    n >>>= 5;
  }
  out.push(String.fromCharCode(n + 63));
}

/** Encode [lat, lon] pairs. */
export function encodePolyline(coords: ReadonlyArray<readonly [number, number]>, precision: 5 | 6 = 5): string {
  const f = Math.pow(10, precision);
  const out: string[] = [];
  let pLat = 0;
  let pLon = 0;
  for (const [lat, lon] of coords) {
    const iLat = Math.round(lat * f);
    const iLon = Math.round(lon * f);
    encodeValue(iLat - pLat, out);
    encodeValue(iLon - pLon, out);
    pLat = iLat;
    pLon = iLon;
  }
  return out.join('');
}

/** Decode to [lat, lon] pairs. */
export function decodePolyline(s: string, precision: 5 | 6 = 5): Array<[number, number]> {
  const f = Math.pow(10, precision);
  const res: Array<[number, number]> = [];
  let i = 0;
  let lat = 0;
  let lon = 0;
  const next = (): number => {
    let shift = 0;
    let result = 0;
    let b: number;
    do {
      b = s.charCodeAt(i++) - 63;
      result |= (b & 0x1f) << shift;
      shift += 5;
    } while (b >= 0x20 && i <= s.length);
    return result & 1 ? ~(result >>> 1) : result >>> 1;
  };
  while (i < s.length) {
    lat += next();
    lon += next();
    res.push([lat / f, lon / f]);
  }
  return res;
}

// Loading every handler before the stack answers (offline-runtime.cjs) leaves one
// first-call cost: the JIT compiling the hot paths of the heavier reads (the
// geocoder's ranking above all, half a second on a busy machine). A few read-only
// requests in the local organisation's own space, sent before the base URL is
// printed, pay it instead of the user's first request. They write nothing.

const WARM_UP: Array<{ method: 'GET' | 'POST'; path: string; query?: Record<string, string>; body?: unknown }> = [
  { method: 'POST', path: '/multigeocode/search', body: { query: 'Gothenburg', at: { lat: 57.7, lng: 11.97 } } },
  { method: 'GET', path: '/geofence/contain', query: { locations: '57.7,11.97' } },
  { method: 'GET', path: '/skynet/search/around', query: { center: '57.7,11.97', radius: '1000' } },
];

/** Sends the warm-up requests; returns how many did not answer 200 (they are only a speed-up). */
export async function warmUp(baseUrl: string, key: string): Promise<number> {
  let failed = 0;
  for (const { method, path, query, body } of WARM_UP) {
    const url = `${baseUrl}${path}?${new URLSearchParams({ key, ...query }).toString()}`;
    try {
      const res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      if (res.status !== 200) failed++;
    } catch {
      failed++;
    }
  }
  return failed;
}

import { api, byId, savedKey } from './api';
import type { Tracking } from './tracking';

// Positions and monitor events as they are accepted, pushed by the live channel (a web socket;
// docs/api/live.md) for the assets the list shows and every monitor of the key. The page learns
// the socket's URL from the meta tag the console handler fills in; without one (a stack without
// the channel) the list's polling is all there is. Reconnects with growing pauses when dropped.

const HEARTBEAT_MS = 60_000;
const MAX_PAUSE_MS = 30_000;
const SEEN_LIMIT = 5000;

interface Pushed {
  type: 'location' | 'event';
  id: string;
  asset_id?: string;
  data: any;
}

export interface Live {
  /** Follows exactly these assets (the ones listed now). */
  follow: (assetIds: string[]) => void;
  /** Connects again, e.g. with another key. */
  restart: () => void;
  active: () => boolean;
}

export function setupLive(tracking: Tracking): Live {
  const url = document.querySelector<HTMLMetaElement>('meta[name=waymark-live-url]')?.content ?? '';
  const status = byId('live-status');
  let socket: WebSocket | undefined;
  let followed = new Set<string>();
  let monitors = new Set<string>();
  let wanted: string[] = [];
  let pause = 1000;
  let pushed = 0;
  // Subscriptions the channel has confirmed, shown on the status element: until an asset's is
  // there, its points are not pushed to this page (a reader of the page can wait for it).
  const confirmed = new Set<string>();
  const showConfirmed = () => (status.dataset.subscribed = [...confirmed].sort().join(' '));
  const seen = new Set<string>();
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  const state = (name: string, text: string) => {
    status.dataset.state = name;
    status.textContent = text;
  };
  const send = (action: string, id?: string, target?: string) =>
    socket?.readyState === WebSocket.OPEN && socket.send(JSON.stringify({ action, id, ...(target ? { params: { id: target } } : {}) }));

  const sync = () => {
    const next = new Set(wanted);
    for (const id of followed) {
      if (next.has(id)) continue;
      confirmed.delete(`asset:${id}`);
      send('ASSET_UNSUBSCRIBE', `asset:${id}`, id);
    }
    showConfirmed();
    for (const id of next) if (!followed.has(id)) send('ASSET_SUBSCRIBE', `asset:${id}`, id);
    followed = next;
  };

  // An unsubscription's answer carries the same id: only a still-wanted subscription counts.
  const isFollowed = (id: string) =>
    (id.startsWith('asset:') && followed.has(id.slice(6))) || (id.startsWith('monitor:') && monitors.has(id.slice(8)));

  const onMessage = (raw: string) => {
    const message = JSON.parse(raw) as Pushed | { id?: string; status: string; error?: string };
    if (!('type' in message)) {
      if (message.status === 'error') state('error', `Live channel: ${message.error}`);
      else if (message.id && isFollowed(message.id)) {
        confirmed.add(message.id);
        showConfirmed();
      }
      return;
    }
    // At most once per message id, as the channel promises; kept bounded for a long session.
    if (seen.has(message.id)) return;
    seen.add(message.id);
    if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value!);
    status.dataset.pushed = String(++pushed);
    if (message.type === 'location' && message.asset_id) tracking.moveAsset(message.asset_id, message.data);
    else if (message.type === 'event') tracking.addEvent(message.data);
  };

  const connect = () => {
    const key = savedKey();
    if (!url || !key) return void state('off', url ? '' : 'Live updates are off on this stack: the list refreshes every 5 s.');
    state('connecting', 'Connecting to the live channel…');
    const ws = new WebSocket(`${url}?key=${encodeURIComponent(key)}`);
    socket = ws;
    ws.onopen = () => {
      pause = 1000;
      followed = new Set();
      monitors = new Set();
      confirmed.clear();
      showConfirmed();
      state('live', 'Live: positions and events appear as they arrive.');
      sync();
      followMonitors().catch(() => undefined);
      heartbeat = setInterval(() => send('HEARTBEAT', 'heartbeat'), HEARTBEAT_MS);
    };
    ws.onmessage = (e) => onMessage(String(e.data));
    ws.onclose = () => {
      clearInterval(heartbeat);
      if (socket !== ws) return;
      state('reconnecting', 'Live channel closed; reconnecting…');
      setTimeout(() => socket === ws && connect(), pause);
      pause = Math.min(pause * 2, MAX_PAUSE_MS);
    };
  };

  /** Monitors created since the last look are followed too. */
  const followMonitors = async () => {
    if (socket?.readyState !== WebSocket.OPEN) return;
    const { data } = await api<{ data: { list: Array<{ id: string }> } }>('GET', '/tracking/monitor/list', { ps: '50' });
    for (const m of data.list) {
      if (monitors.has(m.id)) continue;
      monitors.add(m.id);
      send('MONITOR_SUBSCRIBE', `monitor:${m.id}`, m.id);
    }
  };

  return {
    follow: (ids) => {
      wanted = ids;
      sync();
      followMonitors().catch(() => undefined);
    },
    restart: () => {
      const old = socket;
      socket = undefined;
      old?.close();
      connect();
    },
    active: () => socket?.readyState === WebSocket.OPEN,
  };
}

import { describe, expect, it } from 'vitest';
import type { Subscriber, Topic } from '../../../shared/live/model';
import { LivePublisher } from '../../../shared/live/publish';
import type { PostOutcome } from '../../../shared/live/sender';

// The fan-out on fakes: who gets which message, in what order, and what happens to a
// connection that is gone or a post that fails.

function setup(
  subs: Subscriber[],
  options: { activeTrip?: string | null; gone?: string[]; failing?: string[]; postDelayMs?: (n: number) => number } = {},
) {
  const posted: Array<{ conn: string; message: Record<string, any> }> = [];
  const dropped: string[] = [];
  let n = 0;
  const publisher = new LivePublisher({
    store: {
      subscribers: async (_space: string, topic: Topic) =>
        subs.filter((s) => (topic.kind === 'monitor' ? s.kind === 'monitor' && s.target === topic.id : s.kind !== 'monitor')),
      dropSubscriber: async (_space: string, _topic: Topic, s: Subscriber) => void dropped.push(s.connectionId),
    },
    sender: {
      post: async (conn: string, data: string): Promise<PostOutcome> => {
        await new Promise((r) => setTimeout(r, options.postDelayMs?.(n++) ?? 0));
        if (options.gone?.includes(conn)) return 'gone';
        if (options.failing?.includes(conn)) throw new Error('socket reset');
        posted.push({ conn, message: JSON.parse(data) });
        return 'ok';
      },
    },
    activeTripOf: async () => options.activeTrip ?? null,
    clock: () => 1000,
  });
  return { publisher, posted, dropped };
}

const point = (timestamp: number) => ({ location: { lat: 57.7, lon: 11.97 }, timestamp });

describe('LivePublisher', () => {
  it("pushes each point to the asset's subscribers, and trip subscribers only while the trip is active", async () => {
    const subs: Subscriber[] = [
      { connectionId: 'c1', kind: 'asset', target: 'a', clientId: 'mine' },
      { connectionId: 'c2', kind: 'trip', target: 't1', clientId: null },
      { connectionId: 'c3', kind: 'trip', target: 't0', clientId: null },
    ];
    const { publisher, posted } = setup(subs, { activeTrip: 't1' });
    await publisher.positions('s', 'a', 'a~1', [point(1), point(2)]);
    expect(posted.map((p) => [p.conn, p.message.id])).toEqual([
      ['c1', 'a~1:1'],
      ['c2', 'a~1:1'],
      ['c1', 'a~1:2'],
      ['c2', 'a~1:2'],
    ]);
    expect(posted[0].message).toMatchObject({ type: 'location', subscription_id: 'mine', asset_id: 'a', data: point(1), timestamp: 1000 });
    expect(posted[1].message.trip_id).toBe('t1');
  });

  it('keeps the uploads of one asset in the order they were published, even when a later post is faster', async () => {
    const { publisher, posted } = setup([{ connectionId: 'c1', kind: 'asset', target: 'a', clientId: null }], {
      postDelayMs: (n) => (n === 0 ? 30 : 0),
    });
    await Promise.all([publisher.positions('s', 'a', 'a', [point(1)]), publisher.positions('s', 'a', 'a', [point(2)])]);
    expect(posted.map((p) => p.message.data.timestamp)).toEqual([1, 2]);
  });

  it('drops a gone connection from the topic and never fails the upload when a post fails', async () => {
    const subs: Subscriber[] = ['gone', 'broken', 'ok'].map((c) => ({ connectionId: c, kind: 'asset', target: 'a', clientId: null }));
    const { publisher, posted, dropped } = setup(subs, { gone: ['gone'], failing: ['broken'] });
    await expect(publisher.positions('s', 'a', 'a', [point(1), point(2)])).resolves.toBeUndefined();
    expect(dropped).toEqual(['gone']);
    expect(posted.map((p) => p.conn)).toEqual(['ok', 'ok']);
  });

  it("pushes each committed event to its monitor's subscribers only", async () => {
    const subs: Subscriber[] = [
      { connectionId: 'm1', kind: 'monitor', target: 'depot', clientId: null },
      { connectionId: 'm2', kind: 'monitor', target: 'other', clientId: null },
    ];
    const { publisher, posted } = setup(subs);
    const event = {
      asset_id: 'a',
      geofence_id: 'g',
      monitor_id: 'depot',
      monitor_tags: [],
      event_type: 'enter' as const,
      timestamp: 5,
      triggered_timestamp: 5,
      triggered_location: { location: { lat: 1, lon: 2 }, timestamp: 5, speed: 0 },
      prev_location: null,
      extra: {},
    };
    await publisher.events('s', 'a', [event]);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ conn: 'm1', message: { type: 'event', monitor_id: 'depot', data: { event_type: 'enter' } } });
  });
});

// The road editor's service on an in-memory store and a grid network: what it resolves, which
// restrictions are in force when, and how long a router may keep its copy of a space's set.
import { describe, expect, it } from 'vitest';
import { RoadEditor } from '../../../shared/road-editor/service';
import { inForce, profilesOf } from '../../../shared/road-editor/model';
import { buildNetworkFromGeoJSON, NetworkRegistry } from '../../../shared/roads';
import { gridNetwork } from '../../fixtures/routing/graphs';
import { MemoryRestrictionStore } from '../../fixtures/memory/road-editor';

const net = buildNetworkFromGeoJSON(gridNetwork(3, 3), { name: 'grid' });
const registry = new NetworkRegistry().add(net);

function editor(now: { ms: number }) {
  const store = new MemoryRestrictionStore();
  return { store, editor: new RoadEditor(store, () => registry, { maxStaleMs: 1000, now: () => now.ms }) };
}

const firstEdge = () => ({ from: net.graph.tail[0], to: net.graph.data.head[0] });

describe('road editor service', () => {
  it('resolves node numbers to positions and hands the engine the restrictions in force', async () => {
    const now = { ms: Date.UTC(2026, 10, 30, 7, 30) }; // a Monday, 07:30 UTC: within 07:00-09:00 at UTC or UTC+1
    const { editor: e } = editor(now);
    const made = await e.create(
      's',
      'closure',
      { area: 'grid', name: 'gate', segments: [firstEdge()], direction: 'forward', repeat_on: 'Mo-Fr 07:00-09:00' },
      false,
    );
    expect(made).toMatchObject({ status: 'active', direction: 'forward', mode: [] });
    const edits = await e.editsFor('s', now.ms / 1000);
    expect(edits?.items).toEqual([
      { kind: 'closure', profiles: ['car', 'truck'], chains: [[expect.any(Array), expect.any(Array)]], area: undefined },
    ]);
    // two hours later, outside its schedule, it binds nothing
    expect(await e.editsFor('s', now.ms / 1000 + 2 * 3600)).toBeUndefined();
    expect(await e.editsFor('another space', now.ms / 1000)).toBeUndefined();
  });

  it('shows a change to routers within maxStaleMs, not before', async () => {
    const now = { ms: 1_000_000 };
    const { editor: e } = editor(now);
    const made = await e.create('s', 'closure', { area: 'grid', name: 'gate', segments: [firstEdge()] }, false);
    const before = await e.editsFor('s', 1000);
    expect(before).toBeDefined();
    await e.setState('s', made.id, 'disabled');
    now.ms += 500;
    expect(await e.editsFor('s', 1000)).toEqual(before);
    now.ms += 600;
    expect(await e.editsFor('s', 1000)).toBeUndefined();
  });

  it('keeps a deleted restriction for the lists, out of routing, and refuses to change it', async () => {
    const now = { ms: 1_000_000 };
    const { editor: e } = editor(now);
    const made = await e.create('s', 'closure', { area: 'grid', name: 'gate', segments: [firstEdge()] }, false);
    expect(await e.delete('s', made.id)).toEqual({ id: made.id, state: 'deleted' });
    expect(await e.delete('s', made.id)).toEqual({ id: made.id, state: 'deleted' });
    expect((await e.get('s', made.id)).state).toBe('deleted');
    await expect(e.setState('s', made.id, 'enabled')).rejects.toMatchObject({ status: 404 });
    now.ms += 2000;
    expect(await e.editsFor('s', 1000)).toBeUndefined();
    const listed = await e.list('s', { area: 'grid', limit: 10, offset: 0 });
    expect(listed.meta.total).toBe(0);
    expect((await e.list('s', { area: 'grid', limit: 10, offset: 0, state: 'deleted' })).data.map((r) => r.id)).toEqual([made.id]);
  });

  it('pages without losing or repeating one', async () => {
    const { editor: e } = editor({ ms: 1_000_000 });
    for (let i = 0; i < 7; i++) await e.create('s', 'parking', { area: 'grid', name: `p${i}`, segments: [firstEdge()] }, false);
    const seen: number[] = [];
    for (let offset = 0; offset < 7; offset += 3)
      seen.push(...(await e.list('s', { area: 'grid', limit: 3, offset })).data.map((r) => r.id));
    expect(seen).toEqual([...new Set(seen)].sort((a, b) => a - b));
    expect(seen).toHaveLength(7);
  });

  it('reads schedules and modes as documented', () => {
    expect(profilesOf(undefined)).toEqual(['car', 'truck']);
    expect(profilesOf(['6w'])).toEqual(['truck']);
    expect(profilesOf(['2w'])).toEqual([]);
    const r = { start_time: 100, end_time: 200 } as Parameters<typeof inForce>[0];
    expect([inForce(r, 99, 0), inForce(r, 100, 0), inForce(r, 199, 0), inForce(r, 200, 0)]).toEqual([false, true, true, false]);
  });
});

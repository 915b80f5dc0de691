import { describe, expect, it } from 'vitest';
import { DynamoGeofenceStore } from '../../../shared/geofence/dynamo-store';
import { createGeofenceBody } from '../../../shared/geofence/schemas';
import { GeofenceService } from '../../../shared/geofence/service';
import { DynamoMonitorStateStore } from '../../../shared/monitors/dynamo-state';
import { DynamoMonitorStore } from '../../../shared/monitors/dynamo-store';
import { createMonitorBody, updateMonitorBody } from '../../../shared/monitors/schemas';
import { MonitorService, monitorsWatching } from '../../../shared/monitors/service';
import { freshSpaces } from '../../fixtures/contracts/support';

// The three-way race of a geofence delete, a monitor update that adds the geofence (and takes its
// write back when it finds the geofence gone), and a second update of the same monitor that
// would inherit the geofence from the first one's revision before it is taken back. Steps are
// interleaved by hand on DynamoDB Local: the first update is held after its check and again
// before its confirmation.

/** A gate a step waits at until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('a geofence deleted while a monitor update adding it is being taken back', () => {
  it('a concurrent update cannot inherit the geofence: no monitor is left watching a deleted geofence', async () => {
    const { root: space } = freshSpaces();
    const fences = new DynamoGeofenceStore();
    const monitors = new DynamoMonitorStore();
    const geofences = new GeofenceService(fences, {} as never, Date.now, (s, ids) => monitorsWatching(monitors, s, ids));
    const circle = (id: string) =>
      createGeofenceBody.parse({ type: 'circle', custom_id: id, circle: { center: { lat: 57.7, lon: 11.9 }, radius: 100 } });
    await geofences.create(space, circle('kept'));
    await geofences.create(space, circle('doomed'));

    // The first update's geofence checks: the one before its write, the one after it.
    const checked = gate();
    const resumeWrite = gate();
    const written = gate();
    const resumeConfirm = gate();
    let checks = 0;
    const held = {
      unavailable: async (s: string, ids: readonly string[], nowMs: number) => {
        const answer = await fences.unavailable(s, ids, nowMs);
        checks++;
        if (checks === 1) {
          checked.open();
          await resumeWrite.opened;
        } else if (checks === 2) {
          written.open();
          await resumeConfirm.opened;
        }
        return answer;
      },
    };
    const deps = { monitors, config: monitors, evaluation: new DynamoMonitorStateStore(), assetKey: async () => undefined };
    const first = new MonitorService({ ...deps, geofences: held });
    const second = new MonitorService({ ...deps, geofences: fences });
    await second.create(space, createMonitorBody.parse({ type: 'enter', custom_id: 'm', geofence_ids: ['kept'] }));

    const adding = first.update(space, 'm', updateMonitorBody.parse({ geofence_ids: ['kept', 'doomed'] })).then(
      () => 200,
      (e: { status?: number }) => e.status,
    );
    await checked.opened;
    // The delete claims the geofence and reads the monitors before the first update writes: nobody watches it yet.
    await geofences.delete(space, ['doomed']);
    resumeWrite.open();
    await written.opened;
    // The first update's revision (watching the deleted geofence) is stored and not yet taken back.
    expect((await monitors.get(space, 'm'))!.record.geofence_ids).toEqual(['kept', 'doomed']);
    const renaming = second.update(space, 'm', updateMonitorBody.parse({ name: 'renamed' })).then(
      () => 200,
      (e: { status?: number }) => e.status,
    );
    // Let the second update read the revision and try to build on it, then let the first one confirm.
    await new Promise((resolve) => setTimeout(resolve, 50));
    resumeConfirm.open();
    expect(await adding).toBe(409);
    expect([200, 409]).toContain(await renaming);

    const final = (await monitors.get(space, 'm'))!;
    expect(final.record.geofence_ids).toEqual(['kept']);
    expect(final.pending).toBeUndefined();
    expect(await fences.get(space, 'doomed')).toBeUndefined();
    if ((await renaming) === 200) expect(final.record.name).toBe('renamed');
  });
});

import { describe, expect, it } from 'vitest';
import { authenticate } from '../../../shared/auth/authorize';
import { hashApiKey } from '../../../shared/auth/keys';
import type { KeyRecord } from '../../../shared/auth/model';
import { MemoryKeyStore } from '../../fixtures/memory/auth';

const ROOT_KEY = 'wm_' + 'r'.repeat(40);

const KEY = 'wm_' + 'a'.repeat(40);
const base: KeyRecord = {
  hash: hashApiKey(KEY),
  org: 'acme',
  namespace: null,
  services: ['geofence'],
  regions: ['eu-west-1'],
  status: 'active',
  created_at: 1000,
  active_from: 1000,
};

const attempt = (record: Partial<KeyRecord>, request: Partial<Parameters<typeof authenticate>[1]> = {}) =>
  authenticate(new MemoryKeyStore([{ ...base, ...record }]), {
    key: KEY,
    service: 'geofence',
    region: 'eu-west-1',
    now: 2000,
    ...request,
  }).then(
    (principal) => principal,
    (error: { status: number; message: string }) => ({ status: error.status, message: error.message }),
  );

describe('authenticate', () => {
  it('admits a valid key and derives its data space', async () => {
    expect(await attempt({})).toMatchObject({ org: 'acme', namespace: null, isRoot: true, space: 'acme|' });
    expect(await attempt({ namespace: 'ns' })).toMatchObject({ isRoot: false, space: 'acme|ns' });
  });

  it('401 for a missing, malformed or unknown key', async () => {
    expect(await attempt({}, { key: undefined })).toMatchObject({ status: 401, message: /missing/ });
    expect(await attempt({}, { key: 'no' })).toMatchObject({ status: 401 });
    expect(await attempt({}, { key: 'wm_' + 'b'.repeat(40) })).toMatchObject({ status: 401 });
  });

  it('401 for a disabled key, one not yet active, and one past its removal', async () => {
    expect(await attempt({ status: 'disabled' })).toMatchObject({ status: 401, message: /disabled/ });
    expect(await attempt({ active_from: 2001 })).toMatchObject({ status: 401, message: /becomes usable at/ });
    expect(await attempt({ active_from: 2000 })).toMatchObject({ org: 'acme' });
    expect(await attempt({ active_until: 2000 })).toMatchObject({ status: 401, message: /deleted/ });
    expect(await attempt({ active_until: 2001 })).toMatchObject({ org: 'acme' });
  });

  it('403 for a service or region the key lacks', async () => {
    expect(await attempt({}, { service: 'tracking' })).toMatchObject({ status: 403, message: /tracking/ });
    expect(await attempt({}, { region: 'us-east-1' })).toMatchObject({ status: 403, message: /us-east-1/ });
    expect(await attempt({ regions: ['*'] }, { region: 'us-east-1' })).toMatchObject({ org: 'acme' });
    expect(await attempt({}, { service: null })).toMatchObject({ org: 'acme' });
  });

  it('a namespaced key stops the key delay after the organisation key that created it is disabled', async () => {
    const root: KeyRecord = { ...base, hash: hashApiKey(ROOT_KEY) };
    const child: KeyRecord = { ...base, namespace: 'ns', parent_hash: root.hash };
    const use = (parent: Partial<KeyRecord>, now: number) =>
      authenticate(new MemoryKeyStore([{ ...root, ...parent }, child]), {
        key: KEY,
        service: 'geofence',
        region: 'eu-west-1',
        now,
        keyDelaySeconds: 900,
      }).then(
        (p) => p,
        (e: { status: number; message: string }) => ({ status: e.status, message: e.message }),
      );
    expect(await use({}, 5000)).toMatchObject({ space: 'acme|ns' });
    expect(await use({ status: 'disabled', disabled_at: 5000 }, 5899)).toMatchObject({ space: 'acme|ns' });
    expect(await use({ status: 'disabled', disabled_at: 5000 }, 5900)).toMatchObject({
      status: 401,
      message: /organisation key .* disabled/,
    });
    // Enabled again: its keys work again.
    expect(await use({ status: 'active' }, 5900)).toMatchObject({ space: 'acme|ns' });
    // A creator that no longer exists at all stops them at once.
    expect(
      await authenticate(new MemoryKeyStore([child]), {
        key: KEY,
        service: 'geofence',
        region: 'eu-west-1',
        now: 5000,
        keyDelaySeconds: 900,
      }).catch((e: { status: number }) => e.status),
    ).toBe(401);
  });
});

import { describe, expect, it } from 'vitest';
import { networkDir, networkPackagePatterns } from '../../../infra/package/road-networks';

describe('road networks in the deployed packages', () => {
  const root = '/srv/waymark';

  it('ships a folder inside the project, named relative to it (the package root on Lambda)', () => {
    for (const given of ['.data/networks', '/srv/waymark/.data/networks', './.data/networks/']) {
      expect(networkDir({ WAYMARK_NETWORK_DIR: given }, root)).toEqual({ dir: '.data/networks', inProject: true });
    }
    expect(networkPackagePatterns({ WAYMARK_NETWORK_DIR: 'networks' }, root)).toEqual(['networks/*.wmrg', 'networks/*.wmrg.gz']);
  });

  it('ships nothing without a folder, or with one outside the project (which local runs still read)', () => {
    expect(networkDir({}, root)).toBeUndefined();
    expect(networkPackagePatterns({}, root)).toEqual([]);
    for (const given of ['/data/networks', '../networks', root]) {
      expect(networkDir({ WAYMARK_NETWORK_DIR: given }, root)).toEqual({ dir: given, inProject: false });
      expect(networkPackagePatterns({ WAYMARK_NETWORK_DIR: given }, root)).toEqual([]);
    }
  });
});

import { spaceOf, type Principal } from '../../../shared/auth/model';

/** The root key of organisation `org`, allowed optimization: the caller of the service tests. */
export const principal: Principal = {
  keyHash: 'key-hash',
  org: 'org',
  namespace: null,
  space: spaceOf('org', null),
  isRoot: true,
  services: ['optimization'],
  quotas: {},
};

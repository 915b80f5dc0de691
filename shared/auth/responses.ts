import { z } from 'zod';
import { int } from '../platform/responses';

// 200 bodies of the namespaced key service.

export const createNamespacedKeyResponse = z.looseObject({
  status: z.literal(200),
  result: z.looseObject({
    apikey: z.string(),
    namespace: z.string(),
    expired_at: int,
    // The official client's typed response reads this name.
    expires_at: int,
    sub_id: int,
    created_at: int,
  }),
});

export const deleteNamespacedKeyResponse = z.looseObject({ status: z.literal(200), msg: z.string() });

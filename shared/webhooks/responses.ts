import { z } from 'zod';
import { int, okData } from '../platform/responses';

// 200 body of GET /webhooks/secret and POST /webhooks/secret/rotate.
export const webhookSecretResponse = okData(
  z.looseObject({
    secret: z.string(),
    created_at: int,
    /** After a rotation: until when (Unix seconds) deliveries are also signed with the replaced secret. */
    previous_secret_valid_until: int.optional(),
    scheme: z.string(),
    headers: z.array(z.string()),
  }),
);

import { z } from 'zod';
import { int, okData } from '../platform/responses';

// 200 body of GET /webhooks/secret and POST /webhooks/secret/rotate.
export const webhookSecretResponse = okData(
  z.looseObject({ secret: z.string(), created_at: int, scheme: z.string(), headers: z.array(z.string()) }),
);

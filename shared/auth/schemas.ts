import { z } from 'zod';
import { MAX_NAME_LENGTH, NAME_PATTERN, NAME_RULE } from './model';

const namespace = z.string({ message: 'is required' }).min(1).max(MAX_NAME_LENGTH).regex(NAME_PATTERN, NAME_RULE);

export const createNamespacedKeyQuery = z.object({ key: z.string().optional(), namespace });

export const deleteNamespacedKeyQuery = z.object({
  key: z.string().optional(),
  namespace,
  key_to_delete: z.string({ message: 'is required' }).min(1),
});

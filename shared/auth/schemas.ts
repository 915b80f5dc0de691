import { z } from 'zod';

const namespace = z
  .string({ message: 'is required' })
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, 'may contain only letters, digits, ".", "-" and "_"');

export const createNamespacedKeyQuery = z.object({ key: z.string().optional(), namespace });

export const deleteNamespacedKeyQuery = z.object({
  key: z.string().optional(),
  namespace,
  key_to_delete: z.string({ message: 'is required' }).min(1),
});

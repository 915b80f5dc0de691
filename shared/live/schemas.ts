import { z } from 'zod';
import { int } from '../platform/responses';

// The action message a client sends on the socket (and to POST /skynet/subscribe), and the answer.
// The official client's type spells the action names inside backticks (a generator's slip):
// both spellings are taken.

export const ACTIONS = [
  'TRIP_SUBSCRIBE',
  'TRIP_UNSUBSCRIBE',
  'ASSET_SUBSCRIBE',
  'ASSET_UNSUBSCRIBE',
  'MONITOR_SUBSCRIBE',
  'MONITOR_UNSUBSCRIBE',
  'HEARTBEAT',
] as const;
export type Action = (typeof ACTIONS)[number];

const action = z.preprocess((v) => (typeof v === 'string' ? v.replace(/^`(.*)`$/, '$1') : v), z.enum(ACTIONS));

export const actionMessage = z.object({
  action,
  id: z.string().max(256, 'must be at most 256 characters').optional(),
  params: z.object({ id: z.string().min(1, 'must not be empty').max(256, 'must be at most 256 characters') }).optional(),
});
export type ActionMessage = z.infer<typeof actionMessage>;

export const actionAnswer = z.looseObject({
  id: z.string().optional(),
  status: z.enum(['success', 'error']),
  error: z.string().optional(),
  timestamp: int,
});

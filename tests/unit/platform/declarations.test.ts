import { describe, expect, it } from 'vitest';
import {
  DEAD_LETTER_RETENTION_SECONDS,
  deadLetterQueues,
  inCreationOrder,
  queues,
  visibilityTimeout,
  type QueueDeclaration,
} from '../../../infra/declarations';

describe('queue declarations', () => {
  it('gives every consumed queue six times its consumer timeout, a dead-letter queue and at least 5 deliveries', () => {
    const consumed = queues.filter((q) => q.consumer);
    expect(consumed.map((q) => q.id)).toEqual(expect.arrayContaining(['optimization-jobs', 'optimization-jobs-dlq', 'webhooks']));
    for (const q of consumed) {
      expect(visibilityTimeout(q)).toBe(6 * q.consumer!.timeout);
      expect(q.deadLetter, q.id).toBeDefined();
      expect(q.deadLetter!.maxReceiveCount, q.id).toBeGreaterThanOrEqual(5);
      expect(queues.map((d) => d.id)).toContain(q.deadLetter!.to);
    }
  });

  it('keeps dead-lettered messages for 14 days, and every queue ends in one nothing consumes', () => {
    const dead = deadLetterQueues(queues);
    expect(dead.map((q) => q.id).sort()).toEqual([
      'batch-jobs-dlq',
      'batch-jobs-dlq-dlq',
      'matrix-jobs-dlq',
      'matrix-jobs-dlq-dlq',
      'optimization-jobs-dlq',
      'optimization-jobs-dlq-dlq',
      'tracking-purge-dlq',
      'webhooks-dlq',
    ]);
    for (const q of dead) expect(q.retentionPeriod).toBe(DEAD_LETTER_RETENTION_SECONDS);
    const byId = new Map(queues.map((q) => [q.id, q]));
    for (let q of queues) {
      while (q.deadLetter) q = byId.get(q.deadLetter.to)!;
      expect(q.consumer, q.id).toBeUndefined();
    }
  });

  it('creates a dead-letter queue before the queues that point at it, and refuses cycles and unknown targets', () => {
    const order = inCreationOrder(queues).map((q) => q.id);
    for (const q of queues) if (q.deadLetter) expect(order.indexOf(q.deadLetter.to)).toBeLessThan(order.indexOf(q.id));
    const q = (id: string, to?: string): QueueDeclaration => ({
      id,
      retentionPeriod: 60,
      deadLetter: to ? { to, maxReceiveCount: 5 } : undefined,
    });
    expect(() => inCreationOrder([q('a', 'b'), q('b', 'a')])).toThrow(/cycle a -> b -> a/);
    expect(() => inCreationOrder([q('a', 'missing')])).toThrow(/missing is not declared/);
  });
});

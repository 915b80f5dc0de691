import { config } from '../../shared/platform/config';
import { notFound } from '../../shared/platform/errors';
import { localRegistry } from '../../shared/platform/metrics';
import { publicHandler, rawReply } from '../lib/http-handler';

// GET /metrics: the local stack's metrics in Prometheus text (docs/operations/metrics.md), for a
// scraper on the same machine. Anywhere else it does not exist: a deployed stage publishes its
// metrics to CloudWatch, and a caller from another address must not read a fleet's traffic.

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

export const handler = publicHandler({
  name: 'platform.metrics',
  run: async ({ sourceIp }) => {
    if (config.stage() !== 'local' || !LOOPBACK.test(sourceIp ?? '')) throw notFound('no such path');
    return rawReply(200, localRegistry().render(), 'text/plain; version=0.0.4; charset=utf-8');
  },
});

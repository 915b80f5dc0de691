import { logger } from '../../shared/platform/log';
import { parsePurgeRequest } from '../../shared/tracking/purge-queue';
import { purgeIncarnation } from '../../shared/tracking/purge';
import { sqsBatchHandler } from '../lib/sqs-batch';
import { trackingContext } from './deps';

// SQS consumer of the asset purge queue: purges what a deleted asset incarnation left
// (shared/tracking/purge.ts). A purge cut short (error, timeout) is redelivered and resumes.
export const handler = sqsBatchHandler({
  name: 'asset purge',
  parse: parsePurgeRequest,
  run: (request) => purgeIncarnation(trackingContext(), request),
  failed: (request, error) => logger.error('asset purge failed; it is delivered again', { space: request.space, error }),
});

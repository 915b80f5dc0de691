// The one SQS client lives in shared/platform; webhooks and optimization keep importing it from here.
export { sqsClient } from '../platform/sqs';

export { DEFAULT_SEGMENT_LIMIT, MAX_SEGMENT_LIMIT, segmentsBody, segmentsResponse, type SegmentsRequest } from './schemas';
export { mapSegments } from './service';

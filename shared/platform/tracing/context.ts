import { randomBytes } from 'node:crypto';

// A trace context is one 128-bit trace id, the 64-bit id of the span it came from and the
// sampling decision. It crosses process boundaries in two spellings: AWS X-Ray's header (what
// Lambda, API Gateway and SQS's AWSTraceHeader attribute carry) and W3C traceparent (what
// OpenTelemetry receivers read). Both hold the same numbers: X-Ray's "1-<8 hex>-<24 hex>" root
// is the 32 hex digits of a W3C trace id split after the eighth, so one context converts to
// either without loss.

export interface TraceContext {
  /** 32 lower-case hex digits; the first 8 are the trace's start in Unix seconds (X-Ray requires it). */
  traceId: string;
  /** 16 hex digits: the span this context continues from. */
  spanId: string;
  sampled: boolean;
}

const HEX32 = /^[0-9a-f]{32}$/;
const HEX16 = /^[0-9a-f]{16}$/;
const zero = (hex: string) => /^0+$/.test(hex);

export const newSpanId = (): string => randomBytes(8).toString('hex');

/** A fresh trace whose id starts with `nowSeconds`, as X-Ray asks. */
export function newTrace(nowSeconds = Math.floor(Date.now() / 1000)): TraceContext {
  const time = (nowSeconds >>> 0).toString(16).padStart(8, '0');
  return { traceId: time + randomBytes(12).toString('hex'), spanId: newSpanId(), sampled: true };
}

/** `00-<trace id>-<span id>-<flags>`; undefined for anything else (an all-zero id is invalid). */
export function parseTraceparent(header: string | undefined): TraceContext | undefined {
  const parts = header?.trim().toLowerCase().split('-');
  if (!parts || parts.length < 4 || parts[0] !== '00' || parts.length !== 4) return undefined;
  const [, traceId, spanId, flags] = parts;
  if (!HEX32.test(traceId) || !HEX16.test(spanId) || !/^[0-9a-f]{2}$/.test(flags)) return undefined;
  if (zero(traceId) || zero(spanId)) return undefined;
  return { traceId, spanId, sampled: (parseInt(flags, 16) & 1) === 1 };
}

export const formatTraceparent = (c: TraceContext): string => `00-${c.traceId}-${c.spanId}-${c.sampled ? '01' : '00'}`;

/**
 * `Root=1-<8 hex>-<24 hex>;Parent=<16 hex>;Sampled=0|1` with keys in any order and others
 * (Lineage, Self) ignored. Without a Parent (a root API Gateway or Lambda made) the context
 * continues from a new span id.
 */
export function parseXRayHeader(header: string | undefined): TraceContext | undefined {
  if (!header) return undefined;
  const fields = new Map<string, string>();
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0)
      fields.set(
        part.slice(0, at).trim().toLowerCase(),
        part
          .slice(at + 1)
          .trim()
          .toLowerCase(),
      );
  }
  const root = /^1-([0-9a-f]{8})-([0-9a-f]{24})$/.exec(fields.get('root') ?? '');
  if (!root || zero(root[1] + root[2])) return undefined;
  const parent = fields.get('parent');
  const spanId = parent && HEX16.test(parent) && !zero(parent) ? parent : newSpanId();
  return { traceId: root[1] + root[2], spanId, sampled: fields.get('sampled') !== '0' };
}

export const formatXRayHeader = (c: TraceContext): string =>
  `Root=1-${c.traceId.slice(0, 8)}-${c.traceId.slice(8)};Parent=${c.spanId};Sampled=${c.sampled ? 1 : 0}`;

/** The incoming context of a request or message: W3C first (the caller chose it), then X-Ray's. */
export function incomingContext(headers: { traceparent?: string; xray?: string }): TraceContext | undefined {
  return parseTraceparent(headers.traceparent) ?? parseXRayHeader(headers.xray);
}

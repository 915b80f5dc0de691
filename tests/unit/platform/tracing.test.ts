import { afterEach, describe, expect, it } from 'vitest';
import {
  currentTrace,
  formatTraceparent,
  formatXRayHeader,
  httpIncoming,
  messageIncoming,
  newTrace,
  onSpan,
  parseTraceparent,
  parseXRayHeader,
  span,
  traceHeaders,
  traceMessageAttributes,
  tracingEnabled,
  type SpanRecord,
} from '../../../shared/platform/tracing';

afterEach(() => {
  delete process.env.WAYMARK_TRACING;
  delete process.env._X_AMZN_TRACE_ID;
  delete process.env.AWS_LAMBDA_FUNCTION_NAME;
});

describe('trace headers', () => {
  it('convert between X-Ray and W3C without loss', () => {
    const c = newTrace(1_700_000_000);
    expect(c.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(c.traceId.slice(0, 8)).toBe((1_700_000_000).toString(16));
    expect(parseTraceparent(formatTraceparent(c))).toEqual(c);
    expect(parseXRayHeader(formatXRayHeader(c))).toEqual(c);
    expect(formatXRayHeader(parseTraceparent(formatTraceparent(c))!)).toBe(formatXRayHeader(c));
  });

  it('read an AWS header in any key order, ignore extra keys, and start a span id when Parent is missing', () => {
    const c = parseXRayHeader('Sampled=0;Lineage=a:1;Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8');
    expect(c).toEqual({ traceId: '5759e988bd862e3fe1be46a994272793', spanId: '53995c3f42cd8ad8', sampled: false });
    const root = parseXRayHeader('Root=1-5759e988-bd862e3fe1be46a994272793');
    expect(root?.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(root?.sampled).toBe(true);
  });

  it('reject malformed and all-zero ids', () => {
    for (const bad of [
      undefined,
      '',
      '01-5759e988bd862e3fe1be46a994272793-53995c3f42cd8ad8-01',
      '00-00000000000000000000000000000000-53995c3f42cd8ad8-01',
      '00-5759e988bd862e3fe1be46a994272793-0000000000000000-01',
      '00-5759e988bd862e3fe1be46a99427279-53995c3f42cd8ad8-01',
      '00-5759e988bd862e3fe1be46a994272793-53995c3f42cd8ad8-01-x',
    ])
      expect(parseTraceparent(bad)).toBeUndefined();
    for (const bad of ['Root=2-5759e988-bd862e3fe1be46a994272793', 'Parent=53995c3f42cd8ad8', 'Root=1-5759e988-bd86'])
      expect(parseXRayHeader(bad)).toBeUndefined();
  });

  it('prefer a request traceparent over X-Amzn-Trace-Id, and a message AWSTraceHeader over Lambda', () => {
    const a = newTrace();
    const b = newTrace();
    expect(httpIncoming({ traceparent: formatTraceparent(a), 'X-Amzn-Trace-Id': formatXRayHeader(b) })).toEqual(a);
    expect(httpIncoming({ 'X-Amzn-Trace-Id': formatXRayHeader(b) })).toEqual(b);
    process.env._X_AMZN_TRACE_ID = formatXRayHeader(b);
    expect(messageIncoming({ attributes: { AWSTraceHeader: formatXRayHeader(a) } })).toEqual(a);
    expect(messageIncoming({ attributes: {} })).toEqual(b);
  });
});

describe('spans', () => {
  it('record nothing and carry nothing out while tracing is off', async () => {
    const seen: SpanRecord[] = [];
    const stop = onSpan((s) => seen.push(s));
    await span('off', async () => {
      expect(currentTrace()).toBeUndefined();
      expect(traceHeaders()).toEqual({});
      expect(traceMessageAttributes()).toEqual({});
    });
    stop();
    expect(seen).toEqual([]);
    expect(tracingEnabled()).toBe(false);
  });

  it('follow Lambda: on where its trace header exists, unless WAYMARK_TRACING says otherwise', () => {
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'f';
    expect(tracingEnabled()).toBe(false);
    process.env._X_AMZN_TRACE_ID = formatXRayHeader(newTrace());
    expect(tracingEnabled()).toBe(true);
    process.env.WAYMARK_TRACING = '0';
    expect(tracingEnabled()).toBe(false);
  });

  it('nest under the incoming context across awaits, and carry the innermost span out', async () => {
    process.env.WAYMARK_TRACING = '1';
    const incoming = newTrace();
    const seen: SpanRecord[] = [];
    const stop = onSpan((s) => seen.push(s));
    let outgoing: Record<string, string> = {};
    let attribute = '';
    await span(
      'outer',
      async () => {
        await new Promise((r) => setTimeout(r, 5));
        await span('inner', async () => {
          outgoing = traceHeaders();
          attribute = traceMessageAttributes().MessageSystemAttributes!.AWSTraceHeader.StringValue;
        });
      },
      { from: incoming },
    );
    await expect(span('failing', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    stop();
    const [inner, outer, failing] = seen;
    expect(outer).toMatchObject({ name: 'outer', trace_id: incoming.traceId, parent_id: incoming.spanId });
    expect(inner).toMatchObject({ name: 'inner', trace_id: incoming.traceId, parent_id: outer.span_id });
    expect(outer.duration_ms).toBeGreaterThanOrEqual(4);
    expect(parseTraceparent(outgoing.traceparent)).toEqual({ traceId: incoming.traceId, spanId: inner.span_id, sampled: true });
    expect(parseXRayHeader(attribute)).toEqual({ traceId: incoming.traceId, spanId: inner.span_id, sampled: true });
    expect(failing).toMatchObject({ name: 'failing', parent_id: '', error: true });
    expect(failing.trace_id).not.toBe(incoming.traceId);
  });

  it('record an unsampled trace nowhere but still carry it on', async () => {
    process.env.WAYMARK_TRACING = '1';
    const seen: SpanRecord[] = [];
    const stop = onSpan((s) => seen.push(s));
    const incoming = { ...newTrace(), sampled: false };
    const out = await span('x', async () => traceHeaders(), { from: incoming });
    stop();
    expect(seen).toEqual([]);
    expect(out.traceparent).toMatch(new RegExp(`^00-${incoming.traceId}-[0-9a-f]{16}-00$`));
  });
});

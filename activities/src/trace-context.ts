import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Link } from '@opentelemetry/api';

/**
 * A trace carried through a provider and back (docs/OPERATIONS.md, Traces). Only the OpenTelemetry
 * API: with tracing off (no provider or propagator registered) every helper here is a no-op.
 */

/** The query parameter of a provider callback URL that carries the W3C traceparent of the span that placed the call. */
export const TRACEPARENT_PARAM = 'traceparent';

/**
 * `&traceparent=…` for the current span (the dial activity's, when called from it), to append to a
 * callback URL we give the provider; '' when tracing is off or there is no span. Twilio signs the
 * full URL, query included, so the parameter cannot be forged without failing the signature.
 */
export function traceparentQuery(): string {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? `&${TRACEPARENT_PARAM}=${encodeURIComponent(carrier.traceparent)}` : '';
}

/**
 * Runs `fn` in a span named `name` that continues the trace a (signature-checked) provider callback
 * carried back: its parent is the span whose traceparent the callback URL held (the dial). The
 * provider sends no trace header, so the HTTP request's own span is a root of its own; it is linked.
 * Without a traceparent (tracing was off when the call was placed) the span is the request's child.
 */
export async function inCallbackTrace<T>(
  name: string,
  traceparent: string | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  const requestSpan = trace.getSpan(context.active())?.spanContext();
  const remote = traceparent ? trace.getSpanContext(propagation.extract(ROOT_CONTEXT, { traceparent })) : undefined;
  const parent = remote ? trace.setSpanContext(ROOT_CONTEXT, remote) : context.active();
  const links: Link[] = remote && requestSpan ? [{ context: requestSpan }] : [];
  const span = trace.getTracer('fajr').startSpan(name, { kind: SpanKind.CONSUMER, links }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), fn);
  } catch (err) {
    span.recordException(err as Error);
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw err;
  } finally {
    span.end();
  }
}

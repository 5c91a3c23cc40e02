import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

export interface Tracing {
  resource: Resource;
  spanProcessor: SpanProcessor;
  /** Flushes the spans still buffered and stops exporting. */
  shutdown: () => Promise<void>;
}

/**
 * With an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT, e.g. http://collector:4318): registers the
 * process's tracer provider (W3C trace context), exports spans over OTLP/HTTP, and instruments
 * Node's http (requests in and out) and Express (5 is supported from instrumentation-express 0.49:
 * a server span is named by its route template, `POST /api/salah-schedules/fajr-prefs`, and each
 * route handler gets a span). Without one, nothing: tracing is off by default. Call it before
 * Express is loaded; the Temporal SDK's interceptors (client, workflow, activity) use this provider.
 */
export function startTracing(serviceName: string, endpoint: string | undefined): Tracing | undefined {
  if (!endpoint) return undefined;
  const resource = new Resource({ 'service.name': serviceName });
  const spanProcessor = new BatchSpanProcessor(
    new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }),
    { scheduledDelayMillis: 1000 },
  );
  const provider = new NodeTracerProvider({ resource, spanProcessors: [spanProcessor] });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    // The metrics scrapes and health probes would be most of the spans and tell nothing.
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => /^\/(metrics|api\/health)\b/.test(req.url ?? ''),
        // Query strings may carry codes or tokens (the request log drops them too): keep the path only.
        requestHook: (span, req) => {
          if (!('headers' in req) || !('url' in req) || typeof req.url !== 'string') return;
          const path = req.url.split('?')[0]!;
          span.setAttribute('http.target', path);
          span.setAttribute('http.url', `http://${req.headers.host ?? 'localhost'}${path}`);
        },
      }),
      // Only the route handlers: a span per middleware (body parsers, auth, limits) is noise.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER] }),
    ],
  });
  return { resource, spanProcessor, shutdown: () => provider.shutdown() };
}

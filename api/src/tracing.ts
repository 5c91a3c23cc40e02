import { startTracing } from '@fajr/activities/tracing';
import { loadApiConfig } from './config';

// Imported first by server.ts: the tracer and the http/Express instrumentation must be in place
// before Express is loaded. Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set.
export const tracing = startTracing('fajr-api', loadApiConfig().OTEL_EXPORTER_OTLP_ENDPOINT);

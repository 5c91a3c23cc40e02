// Product analytics. The app loads no third-party script itself: events are pushed to
// `window.dataLayer`, the hand-off point a deployment's tag manager or analytics snippet reads
// (configured per deployment, outside this code), so the app works and is testable offline.

export interface AnalyticsEvent {
  event: string;
  [property: string]: unknown;
}

declare global {
  interface Window {
    dataLayer?: AnalyticsEvent[];
  }
}

/** Records an analytics event, e.g. track('opened', { page: 'signup' }). */
export function track(event: string, properties: Record<string, unknown> = {}): void {
  (window.dataLayer ??= []).push({ event, ...properties });
}

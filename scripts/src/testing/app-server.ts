// A second app in an API test, on other settings than the harness's (production, other providers,
// another Temporal), on a free port for one test's requests.
import type { AddressInfo } from 'node:net';
import { createApp } from '@fajr/api/app';
import type { ApiDeps } from '@fajr/api/deps';

/** Production with the local providers allowed on purpose, each secret its own (not the published dev ones). */
export const LOCAL_PRODUCTION_ENV = {
  NODE_ENV: 'production',
  ALLOW_LOCAL_PROVIDERS_IN_PRODUCTION: 'true',
  OTP_SECRET: 'a-production-secret-value',
  LOCAL_TELEPHONY_AUTH_TOKEN: 'a-production-telephony-token',
  LOCAL_PAYMENTS_WEBHOOK_SECRET: 'a-production-webhook-secret',
  LOCAL_ATTESTATION_SECRET: 'a-production-attestation-secret',
};

/** Runs the app on `deps` while `body` runs with its origin (http://127.0.0.1:port), then stops it. */
export async function withAppOn(deps: ApiDeps, body: (origin: string) => Promise<void>): Promise<void> {
  const server = createApp(deps).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    await body(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((r) => server.close(r));
  }
}

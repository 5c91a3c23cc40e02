import type { Router } from 'express';
import type { DevConsoles } from '@fajr/activities/providers';
import type { ApiConfig } from '../config';
import type { ApiDeps } from '../deps';
import { devAttestationRoutes } from './dev-attestation.routes';
import { devCheckoutRoutes } from './dev-checkout.routes';
import { devOutboxRoutes } from './dev-outbox.routes';
import { devPhoneRoutes } from './dev-phone.routes';
import { devStoreRoutes } from './dev-store.routes';

type DevPage<K extends keyof DevConsoles> = {
  routes: (console: NonNullable<DevConsoles[K]>) => Router;
  /** Whether this configuration serves the page (the console exists only when its provider is local). */
  serve: (config: ApiConfig) => boolean;
};

const development = (config: ApiConfig) => config.NODE_ENV !== 'production';

/** The page of each local provider's development console, and when it is served. */
const devPages: { [K in keyof DevConsoles]-?: DevPage<K> } = {
  // Stand-ins for Stripe's hosted checkout and portal: wherever local payments run.
  payments: { routes: devCheckoutRoutes, serve: (c) => c.PAYMENTS_PROVIDER === 'local' },
  // Developer tools: never in production.
  phone: { routes: devPhoneRoutes, serve: (c) => c.TELEPHONY_PROVIDER === 'local' && development(c) },
  store: {
    routes: devStoreRoutes,
    serve: (c) => (c.APP_STORE_PROVIDER === 'local' || c.PLAY_STORE_PROVIDER === 'local') && development(c),
  },
  outbox: {
    routes: devOutboxRoutes,
    serve: (c) => (c.MESSAGING_PROVIDER === 'local' || c.EMAIL_PROVIDER === 'local') && development(c),
  },
  // The app's side of local attestation: never in production.
  attestation: { routes: devAttestationRoutes, serve: (c) => c.ATTESTATION_PROVIDER === 'local' && development(c) },
};

/** The development pages to mount under /dev: one per console the providers offer that this configuration serves. */
export function devConsolePages(deps: Pick<ApiDeps, 'config' | 'providers'>): Router[] {
  return (Object.keys(devPages) as (keyof DevConsoles)[]).flatMap(<K extends keyof DevConsoles>(kind: K) => {
    const page = devPages[kind] as DevPage<K>;
    const devConsole = deps.providers.devConsoles[kind];
    return devConsole && page.serve(deps.config) ? [page.routes(devConsole)] : [];
  });
}
